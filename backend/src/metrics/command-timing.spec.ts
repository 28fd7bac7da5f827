import { CommandBus } from '@nestjs/cqrs';
import { ListCommand } from '../commands/list-command';
import { likesList } from '../domain/video-set/video-set.list';
import { DomainError } from '../errors/domain-error';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { AppMetrics } from './app-metrics';
import { commandOutcome, timeCommands } from './command-timing';

describe('command timing', () => {
  it('tells a refusal (4xx) from a lost conflict from an error', () => {
    expect(commandOutcome(new DomainError('VIDEO_NOT_FOUND'))).toBe('refused');
    expect(commandOutcome(new DomainError('BUSY'))).toBe('conflict');
    expect(commandOutcome(new WrongExpectedRevisionError('likes-u', 1, 2))).toBe('conflict');
    expect(commandOutcome(new DomainError('STORE_UNAVAILABLE'))).toBe('error');
    expect(commandOutcome(new Error('boom'))).toBe('error');
  });

  it('counts each command sent through the bus once, by its readable name (LikeVideo) and outcome, and passes its answer or failure on', async () => {
    const metrics = new AppMetrics();
    const bus = {
      execute: async (command: ListCommand<{ type: string }, never, unknown>) => {
        if (command.command.type === 'RemoveVideo') throw new DomainError('VIDEO_NOT_FOUND');
        return { position: 1n };
      },
    } as unknown as CommandBus;
    timeCommands(bus, metrics);
    await expect(bus.execute(new ListCommand(likesList, { type: 'AddVideo', userId: 'u', videoId: 'v' }))).resolves.toEqual({
      position: 1n,
    });
    await expect(bus.execute(new ListCommand(likesList, { type: 'RemoveVideo', userId: 'u', videoId: 'v' }))).rejects.toThrow(DomainError);
    const text = await metrics.scrape();
    expect(text).toContain('techtube_commands_total{command="LikeVideo",outcome="ok"} 1');
    expect(text).toContain('techtube_commands_total{command="UnlikeVideo",outcome="refused"} 1');
    expect(text).toContain('techtube_command_duration_seconds_count{command="LikeVideo",outcome="ok"} 1');
  });
});
