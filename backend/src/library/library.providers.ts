import { ImportService } from './import.service';
import { LibraryService } from './library.service';
import { UndoService } from './undo.service';
import { UserEventsReader } from './user-events.reader';

/** Issue 8's whole-library services: time-travel, export, import and undo. */
export const libraryProviders = [UserEventsReader, LibraryService, ImportService, UndoService];
