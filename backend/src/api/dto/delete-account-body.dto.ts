import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** DELETE /user: the account's password, asked again so that a left-open session cannot erase it. */
export class DeleteAccountBodyDto {
  @ApiProperty({ example: 'adapass123', description: 'The account’s current password' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  password!: string;
}
