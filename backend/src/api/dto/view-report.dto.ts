import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

/** POST /video/:videoId/views: who watched, when no token says so. */
export class ViewReportDto {
  @ApiPropertyOptional({
    example: '5f0c6a1e-2b7d-4c1a-9d3e-8a7b6c5d4e3f',
    description: 'A guest’s viewer id: random, kept by the browser for its session (ignored with a valid token)',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/, { message: 'viewer must be 8 to 64 letters, digits, - or _' })
  viewer?: string;
}
