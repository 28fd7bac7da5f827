import { ApiProperty } from '@nestjs/swagger';

/** The operator routes (docs/design/catalogue.md, "Operators"), for the OpenAPI document only. */
class OperatorSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
}

export class OperatorsResponse {
  @ApiProperty({ type: [OperatorSchema], description: 'Every operator, by email' }) operators!: OperatorSchema[];
}
