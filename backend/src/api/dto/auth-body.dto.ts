import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { SignUpDetails } from '../../commands/users/sign-up.handler';
import { HasNoInvisibleCharacters, IsSingleScriptEmail, NormaliseEmail } from './text-rules';
import { Trim } from './trim';

/**
 * Only email and password are required. The profile fields are those of the mockBee template's
 * clients (some send firstName/lastName, some only `name`, some a `username`); any other field is
 * dropped by the validation pipe, never an error.
 */
export class SignupDto implements SignUpDetails {
  @ApiPropertyOptional({ maxLength: 100, example: 'Ada' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'Lovelace' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    example: 'Ada Lovelace',
    description: 'Split into firstName and lastName when those are not sent',
  })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'ada' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  username?: string;

  @ApiProperty({ format: 'email', maxLength: 254, example: 'ada.lovelace@example.com' })
  @NormaliseEmail()
  @IsString()
  @MaxLength(254)
  @IsEmail()
  // Below isEmail, so they run first and their message is the one named (a look-alike is often not an email too).
  @IsSingleScriptEmail()
  @HasNoInvisibleCharacters()
  email!: string;

  @ApiProperty({ minLength: 8, maxLength: 256, example: 'adapass123' })
  @IsString()
  @MinLength(8)
  @MaxLength(256)
  password!: string;
}

export class LoginDto {
  @ApiProperty({ example: 'guest@example.com' })
  @NormaliseEmail()
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
