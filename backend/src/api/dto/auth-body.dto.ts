import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { SignUpDetails } from '../../commands/users/sign-up.handler';
import { HasNoInvisibleCharacters, IsSingleScriptEmail, NormaliseEmail } from './text-rules';
import { NameRules } from './name-rules';

/**
 * Only email and password are required. The profile fields are those of the mockBee template's
 * clients (some send firstName/lastName, some only `name`, some a `username`); any other field is
 * dropped by the validation pipe, never an error. Each of them may become the first name guests see,
 * so each follows the name rules (visible text, no control or bidi character, stored in NFC); an
 * empty one stays allowed, as before (the first name then comes from another field).
 */
export class SignupDto implements SignUpDetails {
  @ApiPropertyOptional({
    maxLength: 100,
    example: 'Ada',
    description: 'Shown to guests on shared playlists: visible text, no control or bidi override characters; stored in NFC',
  })
  @IsOptional()
  @NameRules()
  firstName?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'Lovelace' })
  @IsOptional()
  @NameRules()
  lastName?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    example: 'Ada Lovelace',
    description: 'Split into firstName and lastName when those are not sent',
  })
  @IsOptional()
  @NameRules({ maxLength: 200 })
  name?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'ada', description: 'Stands in for a first name when none is sent' })
  @IsOptional()
  @NameRules()
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
