import {
  DATASET_MAX_BYTES,
  DEFAULT_GENERATIVE_SETTINGS,
  type KnowledgeSource,
  LITE_MAX_FAQS,
  type LiteCsv,
} from '@parley/contracts';
import { loadFlow } from '@parley/flow';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, ConflictException, ValidationException } from '../../errors';
import type { Session } from '../../plugins/authenticate';
import { findBot, updateBot } from '../bots/bots.repository';
import { SNIFF_BYTES, sniffFormat } from '../knowledge/csv-format';
import { type CsvInspection, CsvProblem } from '../knowledge/csv-records';
import { uploadDatasetFile } from '../knowledge/knowledge.service';
import { receiveFile, startOf } from '../knowledge/upload-body';
import { getLiteBot } from './lite.service';

async function* each(pieces: readonly Buffer[]): AsyncGenerator<Uint8Array> {
  yield* pieces;
}

const empty = () =>
  new ValidationException('The file is empty: choose a CSV file with a header row and rows', {
    reason: 'empty',
  });

/**
 * Reads a CSV file for the guided form with the knowledge upload's own reader and checks (the
 * same size limit, encoding and delimiter sniffing, header and row lengths), storing nothing.
 * Two columns are questions and answers; more, when `catalogue` allows it, a catalogue.
 */
export async function readLiteCsv(
  request: FastifyRequest,
  query: { fileName: string; catalogue: boolean },
): Promise<LiteCsv> {
  const { pieces, sizeBytes } = await receiveFile(request, DATASET_MAX_BYTES);
  if (sizeBytes === 0) throw empty();
  const sniffed = sniffFormat(startOf(pieces, SNIFF_BYTES));
  if (!sniffed.ok) {
    throw new ValidationException(sniffed.reason, {
      reason: /empty/i.test(sniffed.reason) ? 'empty' : 'bad-csv',
    });
  }
  const { format } = sniffed;
  const { csv } = request.server.ctx;
  let inspection: CsvInspection;
  try {
    inspection = await csv.inspect(each(pieces), format);
  } catch (error) {
    if (!(error instanceof CsvProblem)) throw error;
    // The reader says "empty" or "no rows" for a file with nothing to read; anything else is broken.
    const reason = /empty|no rows/i.test(error.message) ? 'empty' : 'bad-csv';
    throw new ValidationException(error.message, { reason, lines: error.lines });
  }
  const columns = inspection.columns.map((column) => column.name);
  if (columns.length > 2 && query.catalogue) {
    return { kind: 'catalogue', fileName: query.fileName, columns, rowCount: inspection.rowCount };
  }
  if (columns.length !== 2) {
    throw new ValidationException(
      `A file of questions and answers has two columns, question and answer; this one has ${columns.length} (${columns.join(', ')})`,
      { reason: 'wrong-columns', columns },
    );
  }
  const faqs: LiteCsv & { kind: 'faqs' } = { kind: 'faqs', faqs: [], rowCount: inspection.rowCount };
  const [question = '', answer = ''] = columns;
  rows: for await (const rows of csv.rows(each(pieces), format, [
    { name: question, type: 'text' },
    { name: answer, type: 'text' },
  ])) {
    for (const { cells } of rows) {
      faqs.faqs.push({ question: String(cells[question] ?? ''), answer: String(cells[answer] ?? '') });
      if (faqs.faqs.length >= LITE_MAX_FAQS) break rows;
    }
  }
  return faqs;
}

/**
 * A catalogue for a lite bot: uploaded as a dataset (processed in the background as any upload),
 * then the bot's generative answers switched on over all its knowledge, so a question the menus do
 * not answer is answered from it.
 */
export async function attachCatalogue(
  ctx: AppContext,
  session: Session,
  request: FastifyRequest,
  target: { botId: string; fileName: string },
): Promise<KnowledgeSource> {
  await getLiteBot(ctx, session, target.botId);
  if (!ctx.config.llm.apiKey) {
    throw new AppError(
      'NotConfiguredException',
      'No language model is configured for this Parley server: a catalogue needs one to answer from it',
    );
  }
  const source = await uploadDatasetFile(ctx, session, request, target);
  const bot = await findBot(ctx.database.db, session.companyId, target.botId);
  if (!bot) return source;
  const flow = loadFlow(bot.draft_flow);
  const generative = flow.settings.generative ?? DEFAULT_GENERATIVE_SETTINGS;
  const saved = await updateBot(
    ctx.database.db,
    session.companyId,
    target.botId,
    {
      flow: {
        ...flow,
        settings: { ...flow.settings, generative: { ...generative, enabled: true, allSources: true } },
      },
      savedBy: session.userId,
    },
    bot.draft_revision,
  );
  if (!saved) {
    throw new ConflictException(
      'The catalogue is added, but someone saved this bot meanwhile: switch generative answers on in its knowledge',
    );
  }
  return source;
}
