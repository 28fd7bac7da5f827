import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NormaliseEmail } from './text-rules';

/** POST /admin/operators: whom to make an operator, by the email they log in with. */
export class OperatorBodyDto {
  @ApiProperty({ example: 'ada.lovelace@example.com' })
  @NormaliseEmail()
  @IsString()
  @IsNotEmpty()
  @MaxLength(254)
  email!: string;
}
