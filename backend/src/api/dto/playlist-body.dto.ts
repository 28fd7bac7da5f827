import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsOptional, IsString, IsUrl, MaxLength, ValidateNested } from 'class-validator';
import { NewPlaylist } from '../../commands/playlists/create-playlist.handler';
import { Trim } from './trim';

export class NewPlaylistDto implements NewPlaylist {
  @Trim()
  @IsString()
  @IsNotEmpty({ message: '$property must not be empty' })
  @MaxLength(100)
  title!: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true })
  playlistImg?: string;
}

export class PlaylistBodyDto {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => NewPlaylistDto)
  playlist!: NewPlaylistDto;
}
