import { afterAll, describe, expect, it } from 'vitest';
import { pdfFile } from '../../../test/pdf-file';
import { type DocumentReader, documentReader } from './document-reader';
import { DocumentProblem } from './document-text';

/** Markdown of a million and a half list items: its tree needs far more than 64 MB. */
const hugeList = Buffer.from(`# Socks\n\n${'- wool\n'.repeat(1_500_000)}`);

// Each test starts reading threads, which compile their TypeScript through tsx as they load:
// a second or two alone, longer on a busy machine.
describe('reading documents on a thread of their own, within a budget', { timeout: 20_000 }, () => {
  const readers: DocumentReader[] = [];
  const reader = (budget: Parameters<typeof documentReader>[0]) => {
    const made = documentReader(budget);
    readers.push(made);
    return made;
  };
  afterAll(() => Promise.all(readers.map((each) => each.close())));

  it('answers a document’s blocks, and its problem as a DocumentProblem', async () => {
    const documents = reader({ timeMs: 30_000, memoryMb: 256 });
    expect(await documents.read('markdown', Buffer.from('# Care\n\nWash by hand.'))).toEqual([
      { headings: ['Care'], text: 'Wash by hand.' },
    ]);
    const binary = documents.read('text', Uint8Array.from([0, 1, 2]));
    await expect(binary).rejects.toBeInstanceOf(DocumentProblem);
    await expect(binary).rejects.toThrow(/holds binary data/);
  });

  it('fails a file that takes longer than its time, and reads the next one', async () => {
    const documents = reader({ timeMs: 50, memoryMb: 512 });
    const slow = documents.read('markdown', hugeList);
    await expect(slow).rejects.toBeInstanceOf(DocumentProblem);
    await expect(slow).rejects.toThrow(/took longer than 0.05 s, so Parley stopped/);
    // A fresh thread for the next file: a small one reads within the same budget once it has started.
    const quick = reader({ timeMs: 30_000, memoryMb: 512 });
    expect(await quick.read('pdf', pdfFile(['Page one words']))).toEqual([
      { headings: ['Page 1'], text: 'Page one words' },
    ]);
  });

  it('fails a file that needs more memory than its budget, and reads the next one', async () => {
    const documents = reader({ timeMs: 60_000, memoryMb: 64 });
    const big = documents.read('markdown', hugeList);
    await expect(big).rejects.toBeInstanceOf(DocumentProblem);
    await expect(big).rejects.toThrow(/needs more than the 64 MB of memory Parley gives one file/);
    expect(await documents.read('text', Buffer.from('Still reading.'))).toEqual([
      { headings: [], text: 'Still reading.' },
    ]);
  });
});
