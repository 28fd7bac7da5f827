import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { SignUpDetails } from '../../commands/users/sign-up.handler';
import { Trim } from './trim';

export class SignupDto implements SignUpDetails {
  @ApiProperty({ maxLength: 100, example: 'Ada' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName!: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'Lovelace' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada.lovelace@example.com' })
  @Trim()
  @IsString()
  @MaxLength(254)
  @IsEmail()
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 256, example: 'adapass123' })
  @IsString()
  @MinLength(8)
  @MaxLength(256)
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'guest@example.com' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'guestpass123' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  password!: string;
}
