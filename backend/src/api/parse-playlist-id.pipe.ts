import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `@Param('playlistId', ParsePlaylistIdPipe)`: playlist ids are UUIDs we minted, so anything else cannot
 * exist and never reaches the store: it is answered like an unknown id (404). The id comes lower-cased.
 */
@Injectable()
export class ParsePlaylistIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (!UUID.test(id)) throw new DomainError('PLAYLIST_NOT_FOUND');
    return id.toLowerCase();
  }
}
