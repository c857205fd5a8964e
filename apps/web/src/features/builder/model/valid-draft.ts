import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useSchemaMessage } from './schema-messages';

/**
 * A value as a form edits it. Every change shows at once; it is handed on (`onValid`, to the
 * document, undo and the save) only when the schema accepts it, so a half-typed field never breaks
 * the draft. Changes from elsewhere (undo, redo) replace the draft.
 */
export function useValidDraft<T>(value: T, schema: z.ZodType<T>, onValid: (valid: T) => void) {
  const [draft, setDraft] = useState<unknown>(value);
  const handedOn = useRef<unknown>(value);
  useEffect(() => {
    if (value !== handedOn.current) {
      handedOn.current = value;
      setDraft(value);
    }
  }, [value]);
  const schemaMessage = useSchemaMessage();
  const result = schema.safeParse(draft);
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= schemaMessage(issue.message);
  const change = (next: unknown) => {
    setDraft(next);
    const parsed = schema.safeParse(next);
    if (!parsed.success) return;
    handedOn.current = parsed.data;
    onValid(parsed.data);
  };
  return { draft, change, errors };
}
