/**
 * Drawing Postman's dynamic variables (`{{$guid}}`, `{{$randomEmail}}`, …) from a Faker
 * instance, as Postman draws them from its own (Postman's superstring maps each name to a
 * Faker call; the mapping here follows it onto @faker-js/faker v10's names). Faker is passed
 * in, not imported: the page loads its English locale only when a send needs one, the CLI
 * when a run starts, so core carries no Faker code and the first screen none either.
 * Every use draws anew: `{{$guid}}` twice in one request is two GUIDs, as in Postman.
 */
import type { Faker } from '@faker-js/faker';
import { DYNAMIC_VARIABLES, type DynamicVariableResolver } from './dynamicVariableNames';

type Generator = (faker: Faker, now: Date) => string;

const imageOf = (category: string): Generator => (f) => `https://loremflickr.com/640/480/${category}?lock=${f.number.int({ min: 1, max: 99_999 })}`;
// Postman's phone numbers have no extension and a first digit of 2-9 (Faker's en format `!##-!##-####`).
const phone: Generator = (f) => `${f.number.int({ min: 2, max: 9 })}${f.string.numeric(2)}-${f.number.int({ min: 2, max: 9 })}${f.string.numeric(2)}-${f.string.numeric(4)}`;

const GENERATORS: Readonly<Record<string, Generator>> = {
  $guid: (f) => f.string.uuid(),
  $timestamp: (_f, now) => String(Math.round(now.getTime() / 1000)),
  $isoTimestamp: (_f, now) => now.toISOString(),
  $randomUUID: (f) => f.string.uuid(),
  $randomAlphaNumeric: (f) => f.string.alphanumeric(1),
  $randomBoolean: (f) => String(f.datatype.boolean()),
  $randomInt: (f) => String(f.number.int({ min: 0, max: 1000 })),
  $randomColor: (f) => f.color.human(),
  $randomHexColor: (f) => f.color.rgb(),
  $randomAbbreviation: (f) => f.hacker.abbreviation(),
  $randomIP: (f) => f.internet.ipv4(),
  $randomIPV6: (f) => f.internet.ipv6(),
  $randomMACAddress: (f) => f.internet.mac(),
  $randomPassword: (f) => f.internet.password({ length: 15 }),
  $randomLocale: (f) => f.location.language().alpha2,
  $randomUserAgent: (f) => f.internet.userAgent(),
  $randomProtocol: (f) => f.internet.protocol(),
  $randomSemver: (f) => f.system.semver(),
  $randomFirstName: (f) => f.person.firstName(),
  $randomLastName: (f) => f.person.lastName(),
  $randomFullName: (f) => f.person.fullName(),
  $randomNamePrefix: (f) => f.person.prefix(),
  $randomNameSuffix: (f) => f.person.suffix(),
  $randomJobArea: (f) => f.person.jobArea(),
  $randomJobDescriptor: (f) => f.person.jobDescriptor(),
  $randomJobTitle: (f) => f.person.jobTitle(),
  $randomJobType: (f) => f.person.jobType(),
  $randomPhoneNumber: phone,
  $randomPhoneNumberExt: (f, now) => `${f.number.int({ min: 1, max: 99 })}-${phone(f, now)}`,
  $randomCity: (f) => f.location.city(),
  $randomStreetName: (f) => f.location.street(),
  $randomStreetAddress: (f) => f.location.streetAddress(),
  $randomCountry: (f) => f.location.country(),
  $randomCountryCode: (f) => f.location.countryCode(),
  $randomLatitude: (f) => String(f.location.latitude()),
  $randomLongitude: (f) => String(f.location.longitude()),
  $randomAvatarImage: (f) => f.image.avatar(),
  $randomImageUrl: (f) => f.image.url({ width: 640, height: 480 }),
  $randomAbstractImage: imageOf('abstract'),
  $randomAnimalsImage: imageOf('animals'),
  $randomBusinessImage: imageOf('business'),
  $randomCatsImage: imageOf('cats'),
  $randomCityImage: imageOf('city'),
  $randomFoodImage: imageOf('food'),
  $randomNightlifeImage: imageOf('nightlife'),
  $randomFashionImage: imageOf('fashion'),
  $randomPeopleImage: imageOf('people'),
  $randomNatureImage: imageOf('nature'),
  $randomSportsImage: imageOf('sports'),
  $randomTransportImage: imageOf('transport'),
  $randomImageDataUri: (f) => f.image.dataUri({ width: 640, height: 480 }),
  $randomBankAccount: (f) => f.finance.accountNumber(8),
  $randomBankAccountName: (f) => f.finance.accountName(),
  $randomCreditCardMask: (f) => f.string.numeric(4),
  $randomBankAccountBic: (f) => f.finance.bic(),
  $randomBankAccountIban: (f) => f.finance.iban(),
  $randomTransactionType: (f) => f.finance.transactionType(),
  $randomCurrencyCode: (f) => f.finance.currencyCode(),
  $randomCurrencyName: (f) => f.finance.currencyName(),
  $randomCurrencySymbol: (f) => f.finance.currencySymbol(),
  $randomBitcoin: (f) => f.finance.bitcoinAddress(),
  $randomCompanyName: (f) => f.company.name(),
  // Faker v10 has no company suffix any more; these are the ones its English locale had.
  $randomCompanySuffix: (f) => f.helpers.arrayElement(['Inc', 'and Sons', 'LLC', 'Group']),
  $randomBs: (f) => f.company.buzzPhrase(),
  $randomBsAdjective: (f) => f.company.buzzAdjective(),
  $randomBsBuzz: (f) => f.company.buzzVerb(),
  $randomBsNoun: (f) => f.company.buzzNoun(),
  $randomCatchPhrase: (f) => f.company.catchPhrase(),
  $randomCatchPhraseAdjective: (f) => f.company.catchPhraseAdjective(),
  $randomCatchPhraseDescriptor: (f) => f.company.catchPhraseDescriptor(),
  $randomCatchPhraseNoun: (f) => f.company.catchPhraseNoun(),
  $randomDatabaseColumn: (f) => f.database.column(),
  $randomDatabaseType: (f) => f.database.type(),
  $randomDatabaseCollation: (f) => f.database.collation(),
  $randomDatabaseEngine: (f) => f.database.engine(),
  // Postman writes these dates as JavaScript prints a Date (its Faker returned Date objects).
  $randomDateFuture: (f, now) => f.date.future({ refDate: now }).toString(),
  $randomDatePast: (f, now) => f.date.past({ refDate: now }).toString(),
  $randomDateRecent: (f, now) => f.date.recent({ refDate: now }).toString(),
  $randomWeekday: (f) => f.date.weekday(),
  $randomMonth: (f) => f.date.month(),
  $randomDomainName: (f) => f.internet.domainName(),
  $randomDomainSuffix: (f) => f.internet.domainSuffix(),
  $randomDomainWord: (f) => f.internet.domainWord(),
  $randomEmail: (f) => f.internet.email(),
  $randomExampleEmail: (f) => f.internet.exampleEmail(),
  $randomUserName: (f) => f.internet.username(),
  $randomUrl: (f) => f.internet.url(),
  $randomFileName: (f) => f.system.fileName(),
  $randomFileType: (f) => f.system.fileType(),
  $randomFileExt: (f) => f.system.fileExt(),
  $randomCommonFileName: (f) => f.system.commonFileName(),
  $randomCommonFileType: (f) => f.system.commonFileType(),
  $randomCommonFileExt: (f) => f.system.commonFileExt(),
  $randomFilePath: (f) => f.system.filePath(),
  $randomDirectoryPath: (f) => f.system.directoryPath(),
  $randomMimeType: (f) => f.system.mimeType(),
  $randomPrice: (f) => f.finance.amount({ min: 100, max: 999, dec: 2 }),
  $randomProduct: (f) => f.commerce.product(),
  $randomProductAdjective: (f) => f.commerce.productAdjective(),
  $randomProductMaterial: (f) => f.commerce.productMaterial(),
  $randomProductName: (f) => f.commerce.productName(),
  $randomDepartment: (f) => f.commerce.department(),
  $randomNoun: (f) => f.hacker.noun(),
  $randomVerb: (f) => f.hacker.verb(),
  $randomIngverb: (f) => f.hacker.ingverb(),
  $randomAdjective: (f) => f.hacker.adjective(),
  $randomWord: (f) => f.word.sample(),
  $randomWords: (f) => f.word.words({ count: { min: 2, max: 5 } }),
  $randomPhrase: (f) => f.hacker.phrase(),
  $randomLoremWord: (f) => f.lorem.word(),
  $randomLoremWords: (f) => f.lorem.words(),
  $randomLoremSentence: (f) => f.lorem.sentence(),
  $randomLoremSentences: (f) => f.lorem.sentences({ min: 2, max: 6 }),
  $randomLoremParagraph: (f) => f.lorem.paragraph(),
  $randomLoremParagraphs: (f) => f.lorem.paragraphs(3),
  $randomLoremText: (f) => f.lorem.text(),
  $randomLoremSlug: (f) => f.lorem.slug(),
  $randomLoremLines: (f) => f.lorem.lines({ min: 1, max: 5 }),
};

/** The names `dynamicVariableResolver` draws, for checking them against the documented list. */
export function drawnDynamicVariables(): string[] {
  return Object.keys(GENERATORS);
}

/**
 * A resolver drawing every documented dynamic variable from `faker` (pass the English
 * locale's instance, `@faker-js/faker/locale/en`); `now` gives the clock `$timestamp`,
 * `$isoTimestamp` and the `$randomDate…` family read (default: the current time).
 * Each call draws a new value; a name that is not a dynamic variable gives undefined.
 */
export function dynamicVariableResolver(faker: Faker, now: () => Date = () => new Date()): DynamicVariableResolver {
  return (name) => {
    if (!DYNAMIC_VARIABLES.has(name)) return undefined;
    const generate = GENERATORS[name];
    return generate ? generate(faker, now()) : undefined;
  };
}
