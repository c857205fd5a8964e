import { z } from 'zod';

export const changelogTypeSchema = z.enum(['breaking', 'bugfix', 'feature', 'improvement', 'maintenance']);
export type ChangelogType = z.infer<typeof changelogTypeSchema>;

/** Public entries carry a semantic version; internal ones a dated version (2026.11.21-1). */
export const semanticVersionPattern = /^\d+\.\d+\.\d+$/;
export const datedVersionPattern = /^\d{4}\.\d{2}\.\d{2}-\d+$/;

/** One file under changelog/: its front matter and Markdown body, checked when the web app is built. */
export const changelogEntrySchema = z
  .object({
    id: z.string(),
    title: z.string().min(1).max(200),
    date: z.iso.date(),
    version: z.string(),
    // Older notes say `fix`; it counts as a bugfix.
    type: z.preprocess((value) => (value === 'fix' ? 'bugfix' : value), changelogTypeSchema),
    visibility: z.enum(['public', 'internal']),
    tags: z.array(z.string().min(1).max(40)).default([]),
    author: z.string().min(1).max(100),
    body: z.string(),
  })
  .superRefine((entry, context) => {
    const isPublic = entry.visibility === 'public';
    if (!(isPublic ? semanticVersionPattern : datedVersionPattern).test(entry.version)) {
      context.addIssue({
        code: 'custom',
        path: ['version'],
        message: isPublic
          ? 'Public entries need a version like 1.2.3'
          : 'Internal entries need a dated version like 2026.11.21-1',
      });
    }
  });
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;

export interface ChangelogStats {
  totalEntries: number;
  publicEntries: number;
  internalEntries: number;
  latestVersion: string | null;
}
