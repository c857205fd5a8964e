import { describe, expect, it } from 'vitest';
import { testContext } from '../kit/testing';
import { handoffRuntime } from './execute';
import { handoffContentSchema, handoffDefinition } from './schema';

describe('handoff module', () => {
  it('says so and passes control with a resume port', async () => {
    const { context, sent, events } = testContext({ variables: { topic: 'billing' } });
    expect(
      await handoffRuntime.enter(
        { message: 'One moment…', reason: '{{ topic }}', priority: 'normal' },
        context,
      ),
    ).toEqual({
      kind: 'handoff',
      resumePort: 'resume',
    });
    expect(sent).toEqual([{ type: 'text', text: 'One moment…' }]);
    expect(events).toEqual([{ name: 'Handoff Requested', data: { reason: 'billing' } }]);
  });

  it('hands off silently when its message renders empty', async () => {
    const { context, sent, events } = testContext();
    await handoffRuntime.enter({ message: '{{ nothing }}', reason: '', priority: 'normal' }, context);
    expect(sent).toEqual([]);
    expect(events).toEqual([{ name: 'Handoff Requested', data: { reason: '' } }]);
  });

  it('says the default message when none is given, and resumes through one port', () => {
    const content = handoffContentSchema.parse({});
    expect(content.message).toBe('Connecting you with a person from our team…');
    // A helpdesk ticket's priority, for bots saved before it existed too.
    expect(content.priority).toBe('normal');
    expect(handoffDefinition.ports(content)).toEqual([
      { id: 'resume', label: 'When the bot takes over again' },
    ]);
    expect(handoffDefinition.summary({ ...content, reason: 'VIP' })).toEqual([
      content.message,
      'Reason: VIP',
    ]);
    expect(
      handoffDefinition.variables({ message: 'Hi {{ name }}', reason: '{{ topic }}', priority: 'high' })
        .templates,
    ).toEqual(['Hi {{ name }}', '{{ topic }}']);
  });
});
