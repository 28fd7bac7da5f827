import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { NameRules } from './name-rules';

/** Only an absent field is "unchanged": null is checked (and refused) like any other value. */
const unlessAbsent = () => ValidateIf((_object, value) => value !== undefined);

/** PATCH /user/profile — the sign-up's name rules (NameRules); the controller requires at least one field. */
export class ProfileBodyDto {
  @ApiPropertyOptional({
    maxLength: 100,
    example: 'Ada',
    description: 'Shown to guests on shared playlists: visible text, no control or bidi override characters; stored in NFC',
  })
  @unlessAbsent()
  @NameRules({ required: true })
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'Lovelace', description: 'May be empty' })
  @unlessAbsent()
  @NameRules()
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
