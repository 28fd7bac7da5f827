import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNumber, IsOptional, Min } from 'class-validator';

/** PUT /user/progress/:videoId — the controller also checks `seconds` against the video's duration. */
export class ProgressBodyDto {
  @ApiProperty({
    minimum: 0,
    example: 75,
    description: 'Where playback is, in seconds (fractions are dropped); at most the video’s duration',
  })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'seconds must be a number' })
  @Min(0, { message: 'seconds must not be negative' })
  seconds!: number;

  @ApiPropertyOptional({
    example: true,
    description:
      'true when playback stopped there (pause, leaving the page): stored exactly. Otherwise a report is stored only once it moved 60 s from the stored second',
  })
  @IsOptional()
  @IsBoolean({ message: 'stopped must be true or false' })
  stopped?: boolean;
}
