import { ApiProperty } from '@nestjs/swagger';
import { VideoSchema } from './api-schemas';

/** GET and PUT /user/progress, for the OpenAPI document only. */
class ProgressSchema {
  @ApiProperty({ example: 'BJrsmM6aEYE' }) videoId!: string;
  @ApiProperty({ example: 75, description: 'The stored second: resume here' }) seconds!: number;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: VideoSchema }) video!: VideoSchema;
}

export class ProgressResponse {
  @ApiProperty({ type: [ProgressSchema], description: 'Most recently recorded first' }) progress!: ProgressSchema[];
}
