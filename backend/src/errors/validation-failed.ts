import { HttpException } from '@nestjs/common';

/** A request that breaks the API's rules: a 400 answered with every message at once (`{errors: [...]}`). */
export class ValidationFailed extends HttpException {
  constructor(readonly messages: string[]) {
    super({ errors: messages }, 400);
  }
}
