import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { Trim } from './trim';

/** Only an absent field is "unchanged": null is checked (and refused) like any other value. */
const unlessAbsent = () => ValidateIf((_object, value) => value !== undefined);

/** PATCH /user/profile — the sign-up's limits; the controller requires at least one field. */
export class ProfileBodyDto {
  @ApiPropertyOptional({ maxLength: 100, example: 'Ada' })
  @unlessAbsent()
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'firstName must not be empty' })
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'Lovelace', description: 'May be empty' })
  @unlessAbsent()
  @Trim()
  @IsString()
  @MaxLength(100)
  lastName?: string;
}

/** POST /user/password */
export class PasswordBodyDto {
  @ApiProperty({ example: 'adapass123' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  currentPassword!: string;

  @ApiProperty({ minLength: 8, maxLength: 256, example: 'a new passphrase' })
  @IsString()
  @MinLength(8)
  @MaxLength(256)
  newPassword!: string;
}
