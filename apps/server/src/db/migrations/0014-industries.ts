import { type Kysely, sql } from 'kysely';

/**
 * A company's industry becomes one of a fixed list (packages/contracts industries.ts), so that
 * companies of one industry can be compared. Free text written before is kept where it clearly
 * names one of them and cleared otherwise (the company's people can pick it in their settings).
 * Sign-ups may name it too, and admins may now change the company's settings as owners do.
 *
 * The list is copied here, not imported: a migration must do tomorrow what it does today.
 */
const INDUSTRIES = [
  'automotive',
  'education',
  'energy_utilities',
  'financial_services',
  'government',
  'healthcare',
  'hospitality',
  'insurance',
  'manufacturing',
  'media_entertainment',
  'nonprofit',
  'professional_services',
  'real_estate',
  'retail',
  'software',
  'telecommunications',
  'transportation_logistics',
  'travel',
] as const;
type Industry = (typeof INDUSTRIES)[number];

/** Words (letters only, lowercased, accents dropped) that name one industry and no other. */
const SYNONYMS: Record<Industry, string[]> = {
  automotive: ['automotive', 'automobile', 'automobiles', 'automotriz', 'automocion'],
  education: ['education', 'edtech', 'elearning', 'educacion'],
  energy_utilities: ['energy', 'utilities', 'energyandutilities', 'energia'],
  financial_services: [
    'finance',
    'financial',
    'banking',
    'bank',
    'fintech',
    'finanzas',
    'banca',
    'serviciosfinancieros',
  ],
  government: ['government', 'publicsector', 'gobierno', 'sectorpublico', 'administracionpublica'],
  healthcare: ['health', 'healthcare', 'medical', 'salud', 'sanidad'],
  hospitality: ['hospitality', 'hotels', 'hotel', 'restaurants', 'hosteleria', 'hoteleria'],
  insurance: ['insurance', 'insurtech', 'seguros'],
  manufacturing: ['manufacturing', 'manufactura', 'fabricacion'],
  media_entertainment: ['media', 'entertainment', 'mediaandentertainment', 'medios', 'entretenimiento'],
  nonprofit: ['nonprofit', 'notforprofit', 'charity', 'ngo', 'ong', 'sinanimodelucro'],
  professional_services: ['professionalservices', 'consulting', 'consultancy', 'consultoria'],
  real_estate: ['realestate', 'property', 'inmobiliaria', 'inmobiliario', 'bienesraices'],
  retail: ['retail', 'ecommerce', 'retailandecommerce', 'comerciominorista', 'comercioelectronico'],
  software: [
    'software',
    'saas',
    'technology',
    'tech',
    'it',
    'informationtechnology',
    'softwareandtechnology',
    'tecnologia',
  ],
  telecommunications: ['telecommunications', 'telecom', 'telecoms', 'telecomunicaciones'],
  transportation_logistics: [
    'transportation',
    'transport',
    'logistics',
    'transportandlogistics',
    'transporte',
    'logistica',
  ],
  travel: ['travel', 'tourism', 'travelandtourism', 'viajes', 'turismo'],
};

const lettersOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

const byWord = new Map<string, Industry>(
  INDUSTRIES.flatMap((industry) => [
    [lettersOf(industry), industry] as const,
    ...SYNONYMS[industry].map((word) => [word, industry] as const),
  ]),
);

/** The industry free text clearly names, or null ("Retail" → retail; "Widgets" → null). */
export function industryOfText(text: string): Industry | null {
  return byWord.get(lettersOf(text)) ?? null;
}

const industryCheck = (column: string) =>
  sql`check (${sql.ref(column)} in (${sql.join(INDUSTRIES.map((industry) => sql.lit(industry)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const written = await sql<{ industry: string }>`
    select distinct industry from companies where industry is not null`.execute(db);
  for (const { industry } of written.rows) {
    await sql`update companies set industry = ${industryOfText(industry)} where industry = ${industry}`.execute(
      db,
    );
  }
  await sql`alter table companies add constraint companies_industry_check ${industryCheck('industry')}`.execute(
    db,
  );
  await sql`alter table pending_sign_ups add column industry text ${industryCheck('industry')}`.execute(db);

  // Owners and admins manage the company; permissions are stored per user, so admins get theirs.
  await sql`update users set permissions = permissions || '["company:manage"]'::jsonb
    where role = 'admin' and not permissions ? 'company:manage'`.execute(db);
}
