import { DomainError } from './domain-error';
import { ERRORS } from './error-catalogue';

type CapCode = 'PLAYLIST_CAP_REACHED' | 'PLAYLIST_VIDEO_CAP_REACHED' | 'IMPORT_TOO_LARGE';

/**
 * A cap of the user's library (a setting) that a write would pass: the catalogue's status (422, or
 * 413 for an import) with the message naming the cap's value. Thrown by the rules (the playlist
 * decider, the import plan) before anything is appended.
 */
export class CapReached extends DomainError {
  constructor(
    override readonly code: CapCode,
    readonly cap: number,
  ) {
    super(code);
    this.message = ERRORS[code].message.replace(' N ', ` ${cap} `);
    this.name = 'CapReached';
  }
}
