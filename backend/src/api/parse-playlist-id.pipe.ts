import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `@Param('playlistId', ParsePlaylistIdPipe)`: playlist ids are UUIDs we minted, so anything else cannot
 * exist and never reaches the store: it is answered like an unknown id (404). The id comes lower-cased.
 */
@Injectable()
export class ParsePlaylistIdPipe implements PipeTransform<string, Promise<string>> {
  async transform(id: string): Promise<string> {
    if (UUID.test(id)) return id.toLowerCase();
    // A bad body is a 400 whatever the id, as it is for a well-formed id the store does not know. Nest runs the
    // parameters' pipes side by side and answers the first failure; the body's validation settles within this
    // turn's microtasks, so the id's 404 waits for the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    throw new DomainError('PLAYLIST_NOT_FOUND');
  }
}
