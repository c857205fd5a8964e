import { FLOW_SCHEMA_VERSION, type Flow, flowSchema } from './schema';

/** One step in the life of the document format: from `version - 1` to `version`. */
export interface FlowMigration {
  version: number;
  name: string;
  up(document: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Every format change, numbered and named, oldest first. Version 1 is the first published format;
 * a change to the document adds one entry here (and raises FLOW_SCHEMA_VERSION), never edits one.
 */
export const flowMigrations: FlowMigration[] = [];

export class FlowDocumentError extends Error {
  override name = 'FlowDocumentError';
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** Applies the migrations a document has not had yet, up to `current`; no validation. */
export function migrateDocument(
  raw: unknown,
  migrations: FlowMigration[] = flowMigrations,
  current = FLOW_SCHEMA_VERSION,
): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new FlowDocumentError('A flow document is an object');
  let document = { ...(raw as Record<string, unknown>) };
  const version = typeof document.schemaVersion === 'number' ? document.schemaVersion : 1;
  if (version > current)
    throw new FlowDocumentError(`This flow was saved by a newer version of Parley (format ${version})`);
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= version || migration.version > current) continue;
    document = { ...migration.up(document), schemaVersion: migration.version };
  }
  return { ...document, schemaVersion: current };
}

/** Brings a stored document (of any version) to the current format and validates it. */
export function loadFlow(raw: unknown): Flow {
  const parsed = flowSchema.safeParse(migrateDocument(raw));
  if (!parsed.success) {
    throw new FlowDocumentError(
      'The flow document is not valid',
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  return parsed.data;
}
