import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';

/** Clients post whole video objects; only `_id` is trusted, the rest comes from the catalogue. */
export class VideoRefDto {
  @ApiProperty({ example: 'BJrsmM6aEYE', description: 'A catalogue video id; other fields of a posted video are ignored' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  _id!: string;
}

export class VideoBodyDto {
  @ApiProperty({ type: () => VideoRefDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => VideoRefDto)
  video!: VideoRefDto;
}
