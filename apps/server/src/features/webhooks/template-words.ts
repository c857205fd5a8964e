/** What a person reads of a built-in template, in one language (fields by key). */
export interface TemplateWords {
  name: string;
  summary: string;
  description: string;
  fields: Record<string, { label: string; help: string }>;
}
