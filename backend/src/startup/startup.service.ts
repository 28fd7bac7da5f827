import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SignUp, SignUpDetails } from '../commands/users/sign-up.handler';
import { runAsCommand, sendCommand } from '../commands/send-command';
import { toolCorrelationId, withCorrelation } from '../tracing/correlation';
import { DomainError } from '../errors/domain-error';
import { Projector } from '../projections/projector';
import { CatalogueProjection } from '../catalogue/catalogue-projection';
import { CatalogueSeed } from './catalogue-seed';

/** The demo identity behind the login form's "Guest LogIn" button (documented in README). */
const GUEST_USER: SignUpDetails = { email: 'guest@example.com', password: 'guestpass123', firstName: 'Guest', lastName: 'User' };

/**
 * Before the first request: the read model and this instance's catalogue have caught up with everything
 * stored (a memory read model is rebuilt here), the shipped catalogue is in the log, and the guest user exists. The guest's signup is an append that
 * expects "no stream", so it happens exactly once however often the app starts.
 */
@Injectable()
export class StartupService implements OnApplicationBootstrap {
  private readonly logger = new Logger(StartupService.name);

  constructor(
    private readonly projector: Projector,
    private readonly commands: CommandBus,
    private readonly catalogue: CatalogueProjection,
    private readonly catalogueSeed: CatalogueSeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all([this.projector.start(), this.catalogue.start()]);
    // What a start appends is correlated as one run of its own (docs/design/operating.md).
    await withCorrelation(toolCorrelationId('startup'), () => this.seed());
  }

  private async seed(): Promise<void> {
    await runAsCommand('SeedCatalogue', () => this.catalogueSeed.ensure());
    // The first request sees the shipped catalogue: wait until this instance's catalogue holds it.
    await this.catalogue.catchUp();
    try {
      await sendCommand(this.commands, new SignUp(GUEST_USER));
      this.logger.log(`Seeded the guest user ${GUEST_USER.email}`);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'EMAIL_EXISTS')) throw error;
    }
  }
}
