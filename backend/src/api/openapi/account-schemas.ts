import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LibraryDocumentSchema } from './library-schemas';

/** The account routes (issues 17 and 18) and the right of access, for the OpenAPI document only. */
export class AccountDeletedResponse {
  @ApiProperty({ enum: [true], description: 'The account is erased: its tokens are refused and its email is free' }) deleted!: boolean;
}

export class ProfileSchema {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'email' }) email!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() username?: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiPropertyOptional({ format: 'date-time' }) updatedAt?: string;
  @ApiPropertyOptional({ enum: [true], description: 'Present while the user is an operator: they may change the catalogue' })
  operator?: boolean;
}

export class TimelineEntrySchema {
  @ApiProperty({ example: '57', description: 'The event’s position in the log' }) position!: string;
  @ApiProperty({ example: 'VideoLiked' }) type!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiPropertyOptional({ example: 'BJrsmM6aEYE' }) videoId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) playlistId?: string;
  @ApiPropertyOptional() playlistTitle?: string;
}

/** The library document plus what the product keeps about the person: the profile and every timeline entry. */
export class ExportDocumentSchema extends LibraryDocumentSchema {
  @ApiProperty({ type: ProfileSchema, description: 'Not read back by import' }) profile!: ProfileSchema;
  @ApiProperty({ type: [TimelineEntrySchema], description: 'The whole activity timeline, oldest first; not read back by import' })
  activity!: TimelineEntrySchema[];
}

export class ProfileResponse {
  @ApiProperty({ type: ProfileSchema }) user!: ProfileSchema;
}

export class NewTokenResponse {
  @ApiProperty({ description: 'A fresh token for this client: every token issued before is refused from now on' })
  encodedToken!: string;
}
