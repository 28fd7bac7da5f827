import { ImportLibraryHandler } from './library/import-library.handler';
import { UndoLastActionHandler } from './library/undo-last-action.handler';
import { ListCommandHandler } from './list-command';
import { ChangePasswordHandler } from './users/change-password.handler';
import { DeleteAccountHandler } from './users/delete-account.handler';
import { SignUpHandler } from './users/sign-up.handler';

/** Every command handler: one for all list commands, and those that plan over several streams or hash a password. */
export const commandHandlers = [
  ListCommandHandler,
  SignUpHandler,
  DeleteAccountHandler,
  ChangePasswordHandler,
  UndoLastActionHandler,
  ImportLibraryHandler,
];
