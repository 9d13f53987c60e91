/**
 * Postman's dynamic variables by name: `{{$guid}}`, `{{$timestamp}}`, `{{$randomEmail}}` and
 * the rest of the list Postman documents ("Dynamic variables"), each with what it gives and
 * a fixed sample. This file holds no generator, so the composer can tell a dynamic variable
 * from an undefined one, and "What will be sent" can show a sample, without loading Faker
 * on the first screen; `dynamicVariables.ts` draws the real values from a Faker instance at
 * send time. A variable of the same name defined by the person wins over these, as in Postman.
 */

/** What a dynamic variable gives, for hovers and previews. */
export interface DynamicVariableInfo {
  /** With its `$`, e.g. `$guid`. */
  name: string;
  /** Postman's description of what is drawn. */
  description: string;
  /** A fixed example of a value, shown where a value is previewed before it is drawn. */
  sample: string;
}

/** Draws a dynamic variable's value by name (with its `$`); undefined for a name that is not one. */
export type DynamicVariableResolver = (name: string) => string | undefined;

// [name, description, sample] in the order of Postman's documentation, section by section.
const TABLE: readonly (readonly [string, string, string])[] = [
  ['$guid', 'A v4 style GUID', '611c2e81-2ccb-42d8-9ddc-2d0bfa65c1b4'],
  ['$timestamp', 'The current Unix timestamp in seconds', '1562757107'],
  ['$isoTimestamp', 'The current ISO timestamp at zero UTC', '2020-06-09T21:10:36.177Z'],
  ['$randomUUID', 'A random 36-character UUID', '6929bb52-3ab2-448a-9796-d6480ecad36b'],
  ['$randomAlphaNumeric', 'A random alphanumeric character', '6'],
  ['$randomBoolean', 'A random boolean value (true/false)', 'true'],
  ['$randomInt', 'A random integer between 0 and 1000', '802'],
  ['$randomColor', 'A random color', 'purple'],
  ['$randomHexColor', 'A random hex value', '#47594a'],
  ['$randomAbbreviation', 'A random abbreviation', 'SQL'],
  ['$randomIP', 'A random IPv4 address', '241.102.234.100'],
  ['$randomIPV6', 'A random IPv6 address', 'dbe2:7ae6:119b:c161:1560:6dda:3a9b:90a9'],
  ['$randomMACAddress', 'A random MAC address', '33:d4:68:5f:b4:c7'],
  ['$randomPassword', 'A random 15-character alphanumeric password', 't9iXe7COoDKv8k3'],
  ['$randomLocale', 'A random two-letter language code (ISO 639-1)', 'ny'],
  ['$randomUserAgent', 'A random user agent', 'Mozilla/5.0 (Macintosh; U; Intel Mac OS X 10.9.8; rv:15.6) Gecko/20100101 Firefox/15.6.6'],
  ['$randomProtocol', 'A random internet protocol', 'http'],
  ['$randomSemver', 'A random semantic version number', '7.0.5'],
  ['$randomFirstName', 'A random first name', 'Ethan'],
  ['$randomLastName', 'A random last name', 'Schaden'],
  ['$randomFullName', 'A random first and last name', 'Connie Runolfsdottir'],
  ['$randomNamePrefix', 'A random name prefix', 'Dr.'],
  ['$randomNameSuffix', 'A random name suffix', 'MD'],
  ['$randomJobArea', 'A random job area', 'Mobility'],
  ['$randomJobDescriptor', 'A random job descriptor', 'Forward'],
  ['$randomJobTitle', 'A random job title', 'International Creative Liaison'],
  ['$randomJobType', 'A random job type', 'Supervisor'],
  ['$randomPhoneNumber', 'A random 10-digit phone number', '700-008-5275'],
  ['$randomPhoneNumberExt', 'A random phone number with extension (12 digits)', '27-199-983-3864'],
  ['$randomCity', 'A random city name', 'Spinkahaven'],
  ['$randomStreetName', 'A random street name', 'Kuhlman Circle'],
  ['$randomStreetAddress', 'A random street address', '5742 Harvey Streets'],
  ['$randomCountry', 'A random country', 'Lao People\'s Democratic Republic'],
  ['$randomCountryCode', 'A random two-letter country code (ISO 3166-1 alpha-2)', 'CV'],
  ['$randomLatitude', 'A random latitude coordinate', '55.2099'],
  ['$randomLongitude', 'A random longitude coordinate', '40.6609'],
  ['$randomAvatarImage', 'A random avatar image', 'https://cdn.jsdelivr.net/gh/faker-js/assets-person-portrait/female/512/15.jpg'],
  ['$randomImageUrl', 'A URL of a random image', 'https://picsum.photos/seed/bYRokPm/640/480'],
  ['$randomAbstractImage', 'A URL of a random abstract image', 'https://loremflickr.com/640/480/abstract?lock=1'],
  ['$randomAnimalsImage', 'A URL of a random animal image', 'https://loremflickr.com/640/480/animals?lock=1'],
  ['$randomBusinessImage', 'A URL of a random stock business image', 'https://loremflickr.com/640/480/business?lock=1'],
  ['$randomCatsImage', 'A URL of a random cat image', 'https://loremflickr.com/640/480/cats?lock=1'],
  ['$randomCityImage', 'A URL of a random city image', 'https://loremflickr.com/640/480/city?lock=1'],
  ['$randomFoodImage', 'A URL of a random food image', 'https://loremflickr.com/640/480/food?lock=1'],
  ['$randomNightlifeImage', 'A URL of a random nightlife image', 'https://loremflickr.com/640/480/nightlife?lock=1'],
  ['$randomFashionImage', 'A URL of a random fashion image', 'https://loremflickr.com/640/480/fashion?lock=1'],
  ['$randomPeopleImage', 'A URL of a random image of a person', 'https://loremflickr.com/640/480/people?lock=1'],
  ['$randomNatureImage', 'A URL of a random nature image', 'https://loremflickr.com/640/480/nature?lock=1'],
  ['$randomSportsImage', 'A URL of a random sports image', 'https://loremflickr.com/640/480/sports?lock=1'],
  ['$randomTransportImage', 'A URL of a random transportation image', 'https://loremflickr.com/640/480/transport?lock=1'],
  ['$randomImageDataUri', 'A random image data URI', 'data:image/svg+xml;charset=UTF-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%20width%3D%22640%22%20height%3D%22480%22%2F%3E'],
  ['$randomBankAccount', 'A random 8-digit bank account number', '09454073'],
  ['$randomBankAccountName', 'A random bank account name', 'Home Loan Account'],
  ['$randomCreditCardMask', 'A random masked credit card number', '3622'],
  ['$randomBankAccountBic', 'A random BIC (Bank Identifier Code)', 'EZIAUGJ1'],
  ['$randomBankAccountIban', 'A random 15-31 character IBAN', 'MU20ZPUN3039684000618086155TKZ'],
  ['$randomTransactionType', 'A random transaction type', 'invoice'],
  ['$randomCurrencyCode', 'A random three-letter currency code (ISO 4217)', 'CDF'],
  ['$randomCurrencyName', 'A random currency name', 'CFP Franc'],
  ['$randomCurrencySymbol', 'A random currency symbol', '$'],
  ['$randomBitcoin', 'A random bitcoin address', '3VB8JGT7Y4Z63U68KGGKDXMLLH5'],
  ['$randomCompanyName', 'A random company name', 'Johns - Kassulke'],
  ['$randomCompanySuffix', 'A random company suffix', 'Inc'],
  ['$randomBs', 'A random phrase of business speak', 'killer leverage schemas'],
  ['$randomBsAdjective', 'A random business speak adjective', 'viral'],
  ['$randomBsBuzz', 'A random business speak buzzword', 'repurpose'],
  ['$randomBsNoun', 'A random business speak noun', 'markets'],
  ['$randomCatchPhrase', 'A random catchphrase', 'Future-proofed heuristic open architecture'],
  ['$randomCatchPhraseAdjective', 'A random catchphrase adjective', 'Self-enabling'],
  ['$randomCatchPhraseDescriptor', 'A random catchphrase descriptor', 'bandwidth-monitored'],
  ['$randomCatchPhraseNoun', 'A random catchphrase noun', 'superstructure'],
  ['$randomDatabaseColumn', 'A random database column name', 'updatedAt'],
  ['$randomDatabaseType', 'A random database type', 'tinyint'],
  ['$randomDatabaseCollation', 'A random database collation', 'cp1250_bin'],
  ['$randomDatabaseEngine', 'A random database engine', 'MEMORY'],
  ['$randomDateFuture', 'A random future datetime', 'Tue Mar 17 2020 13:11:50 GMT+0530 (India Standard Time)'],
  ['$randomDatePast', 'A random past datetime', 'Sat Mar 02 2019 09:09:26 GMT+0530 (India Standard Time)'],
  ['$randomDateRecent', 'A random recent datetime', 'Tue Jul 09 2019 23:12:37 GMT+0530 (India Standard Time)'],
  ['$randomWeekday', 'A random weekday', 'Thursday'],
  ['$randomMonth', 'A random month', 'February'],
  ['$randomDomainName', 'A random domain name', 'gracie.biz'],
  ['$randomDomainSuffix', 'A random domain suffix', 'org'],
  ['$randomDomainWord', 'A random unqualified domain name (a name with no dots)', 'max'],
  ['$randomEmail', 'A random email address', 'Pablo62@gmail.com'],
  ['$randomExampleEmail', 'A random email address from an "example" domain', 'Talon28@example.com'],
  ['$randomUserName', 'A random username', 'Jarrell.Gutkowski'],
  ['$randomUrl', 'A random URL', 'https://anais.net'],
  ['$randomFileName', 'A random file name (includes uncommon extensions)', 'neural_sri_lanka_rupee_gloves.gdoc'],
  ['$randomFileType', 'A random file type (includes uncommon file types)', 'model'],
  ['$randomFileExt', 'A random file extension (includes uncommon extensions)', 'war'],
  ['$randomCommonFileName', 'A random file name', 'well_modulated.mpg4'],
  ['$randomCommonFileType', 'A random, common file type', 'application'],
  ['$randomCommonFileExt', 'A random, common file extension', 'wav'],
  ['$randomFilePath', 'A random file path', '/home/programming_chicken.cpio'],
  ['$randomDirectoryPath', 'A random directory path', '/usr/bin'],
  ['$randomMimeType', 'A random MIME type', 'audio/vnd.vmx.cvsd'],
  ['$randomPrice', 'A random price between 100.00 and 999.00', '531.55'],
  ['$randomProduct', 'A random product', 'Towels'],
  ['$randomProductAdjective', 'A random product adjective', 'Unbranded'],
  ['$randomProductMaterial', 'A random product material', 'Steel'],
  ['$randomProductName', 'A random product name', 'Handmade Concrete Tuna'],
  ['$randomDepartment', 'A random commerce category', 'Tools'],
  ['$randomNoun', 'A random noun', 'matrix'],
  ['$randomVerb', 'A random verb', 'bypass'],
  ['$randomIngverb', 'A random verb ending in "-ing"', 'navigating'],
  ['$randomAdjective', 'A random adjective', 'auxiliary'],
  ['$randomWord', 'A random word', 'withdrawal'],
  ['$randomWords', 'Some random words', 'Samoa Synergistic sticky copying Grocery'],
  ['$randomPhrase', 'A random phrase', 'You can\'t program the monitor without navigating the mobile XML program!'],
  ['$randomLoremWord', 'A random word of lorem ipsum text', 'est'],
  ['$randomLoremWords', 'Some random words of lorem ipsum text', 'vel repellat nobis'],
  ['$randomLoremSentence', 'A random sentence of lorem ipsum text', 'Molestias consequuntur nisi non quod.'],
  ['$randomLoremSentences', 'A random 2 to 6 sentences of lorem ipsum text', 'Et sint voluptas similique iure amet perspiciatis vero sequi atque. Ut porro sit et hic. Neque aspernatur vitae fugiat ut dolore et veritatis.'],
  ['$randomLoremParagraph', 'A random paragraph of lorem ipsum text', 'Ut nam dolore ut. Est vel rerum. Aut voluptatum ut ut sequi numquam.'],
  ['$randomLoremParagraphs', 'Three random paragraphs of lorem ipsum text', 'Voluptatem rem magnam aliquam ab id aut quaerat.\nAb aliquid non in molestias.\nEt natus soluta esse.'],
  ['$randomLoremText', 'A random amount of lorem ipsum text', 'Quisquam asperiores exercitationem ut ipsum.'],
  ['$randomLoremSlug', 'A random lorem ipsum URL slug', 'eos-aperiam-accusamus'],
  ['$randomLoremLines', 'One to five random lines of lorem ipsum', 'Ducimus in ut mollitia.\nA itaque non.'],
];

/** Every dynamic variable Postman documents, by name (with its `$`). */
export const DYNAMIC_VARIABLES: ReadonlyMap<string, DynamicVariableInfo> = new Map(TABLE.map(([name, description, sample]) => [name, { name, description, sample }]));

/** Whether `name` (as written between the braces, trimmed) is one of Postman's dynamic variables. */
export function isDynamicVariableName(name: string): boolean {
  return DYNAMIC_VARIABLES.has(name);
}

/**
 * Resolves each dynamic variable to its fixed sample: for previews, which must not draw
 * (and must not load Faker) on every keystroke. The values sent are drawn at send time.
 */
export const sampleDynamicValue: DynamicVariableResolver = (name) => DYNAMIC_VARIABLES.get(name)?.sample;

const REFERENCE = /\{\{[ \t]*(\$[^{}\r\n]+?)[ \t]*\}\}/g;

/** Whether any of `texts` names a documented dynamic variable: whether drawing them (loading Faker) is needed at all. */
export function namesDynamicVariable(texts: Iterable<string>): boolean {
  for (const text of texts) {
    if (!text.includes('{{')) continue;
    for (const match of text.matchAll(REFERENCE)) if (DYNAMIC_VARIABLES.has(match[1]!)) return true;
  }
  return false;
}
