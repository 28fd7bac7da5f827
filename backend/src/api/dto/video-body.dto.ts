import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';

/** Clients post whole video objects; only `_id` is trusted, the rest comes from the catalogue. */
export class VideoRefDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  _id!: string;
}

export class VideoBodyDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => VideoRefDto)
  video!: VideoRefDto;
}
