import type { BuiltInTool } from '@parley/contracts';
import { z } from 'zod';
import { type AgentToolRunner, zodTool } from './agent-runner';

const variableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'a variable name: letters, digits, _');

/**
 * The built-in tools that need nothing but the turn, by name: conversation variables, handing off,
 * finishing (`search_knowledge` reads the company's knowledge: knowledge-tool.ts).
 */
export const builtInTools = {
  get_variable: zodTool(
    'get_variable',
    'Read a variable of the conversation by its name.',
    z.strictObject({ name: variableName }),
    ({ name }, turn) => ({ ok: true, result: turn.variables[name] ?? null }),
  ),
  set_variable: zodTool(
    'set_variable',
    'Store a value in a variable of the conversation, for the rest of the bot.',
    z.strictObject({ name: variableName, value: z.union([z.string().max(2000), z.number(), z.boolean()]) }),
    ({ name, value }, turn) => {
      turn.variables[name] = value;
      return { ok: true, result: { stored: name } };
    },
  ),
  hand_off: zodTool(
    'hand_off',
    'Hand the conversation to a person of the team, saying why.',
    z.strictObject({ reason: z.string().max(500) }),
    ({ reason }, turn) => {
      turn.exit = { exit: 'handoff', reason };
      return { ok: true, result: { handedOff: true } };
    },
  ),
  end: zodTool(
    'end',
    'Say the goal is reached and give the conversation back to the bot.',
    z.strictObject({ summary: z.string().max(500) }),
    ({ summary }, turn) => {
      turn.exit = { exit: 'done', reason: summary };
      return { ok: true, result: { ended: true } };
    },
  ),
} satisfies Record<Exclude<BuiltInTool, 'search_knowledge'>, AgentToolRunner>;
