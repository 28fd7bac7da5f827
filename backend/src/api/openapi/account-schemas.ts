import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The account routes (issue 17), for the OpenAPI document only. */
class ProfileSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() username?: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export class ProfileResponse {
  @ApiProperty({ type: ProfileSchema }) user!: ProfileSchema;
}

export class NewTokenResponse {
  @ApiProperty({ description: 'A fresh token for this client: every token issued before is refused from now on' })
  encodedToken!: string;
}
