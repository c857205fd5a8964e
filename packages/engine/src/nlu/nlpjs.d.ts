// NLP.js ships no type declarations; these cover what the adapter uses.
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void;
    registerConfiguration(name: string, settings: Record<string, unknown>, overwrite: boolean): void;
    get(name: 'nlp'): import('@nlpjs/nlp').NlpInstance;
  }
  export function containerBootstrap(settings?: Record<string, unknown>): Promise<Container>;
}
declare module '@nlpjs/nlp' {
  export interface NlpClassification {
    intent: string;
    score: number;
  }
  export interface NlpInstance {
    settings: { autoSave: boolean; log: boolean; modelFileName?: string };
    addLanguage(language: string): void;
    addDocument(language: string, utterance: string, intent: string): void;
    train(): Promise<void>;
    process(
      language: string,
      text: string,
    ): Promise<{ intent: string; score: number; classifications: NlpClassification[] }>;
    export(minified?: boolean): string;
    import(model: string): void;
  }
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
declare module '@nlpjs/lang-es' {
  export const LangEs: unknown;
}
declare module '@nlpjs/lang-pt' {
  export const LangPt: unknown;
}
declare module '@nlpjs/lang-fr' {
  export const LangFr: unknown;
}
