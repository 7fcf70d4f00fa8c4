/** ISO 639-1 codes the app knows by name. The agent may only set one of these. */
export const SUPPORTED_LANGUAGES: Readonly<Record<string, string>> = {
  ar: 'Arabic', bg: 'Bulgarian', ca: 'Catalan', cs: 'Czech', da: 'Danish', de: 'German', el: 'Greek',
  en: 'English', es: 'Spanish', et: 'Estonian', fa: 'Persian', fi: 'Finnish', fr: 'French', ga: 'Irish',
  he: 'Hebrew', hi: 'Hindi', hr: 'Croatian', hu: 'Hungarian', id: 'Indonesian', is: 'Icelandic',
  it: 'Italian', ja: 'Japanese', ko: 'Korean', lt: 'Lithuanian', lv: 'Latvian', ms: 'Malay',
  nb: 'Norwegian Bokmål', nl: 'Dutch', pl: 'Polish', pt: 'Portuguese', ro: 'Romanian', ru: 'Russian',
  sk: 'Slovak', sl: 'Slovenian', sr: 'Serbian', sv: 'Swedish', sw: 'Swahili', th: 'Thai', tr: 'Turkish',
  uk: 'Ukrainian', vi: 'Vietnamese', zh: 'Chinese',
};

export function isSupportedLanguage(code: string): boolean {
  return Object.hasOwn(SUPPORTED_LANGUAGES, code);
}
