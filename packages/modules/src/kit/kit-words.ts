/**
 * Messages of the schemas every module type shares (buttons, variable names), in English, as
 * ModuleWords' errors are; translations: modules.json `kit.errors`.
 */
export const kitWords = {
  key: 'kit',
  errors: {
    buttonLabel: 'A button needs a label',
    variableName: 'Use letters, digits and _, not starting with a digit',
    variableLength: 'At most 64 characters',
    variableReserved: 'This name is reserved',
  },
  /** Why a pattern cannot run (UserPattern's refusal codes). */
  refusals: {
    flag: 'the flag “{{flag}}” is not supported (use i, m, s or u)',
    lookaround: 'lookahead and lookbehind ((?=…), (?!…), (?<=…), (?<!…)) are not supported',
    backreference: 'backreferences (\\1, \\k<name>) are not supported',
    repeatCount: 'a repeat count may be at most 1000',
    syntax: '{{detail}}',
  },
} as const;
