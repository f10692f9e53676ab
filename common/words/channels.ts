/**
 * What USSD screens and SMS say, in English, Luganda and Swahili (the page's dictionaries are en.ts,
 * lg.ts and sw.ts beside this file). Written for GSM phones; server/src/channels/words.ts turns
 * what is left outside the 7-bit alphabet into its nearest.
 */
const en = {
  main: 'Hatari danger map\n1 Dangers near a place\n2 Report a danger\n3 Confirm or deny a spot\n4 Emergency numbers\n5 Language\n6 SMS alerts',
  askPlace: 'Type the name of a place or area:',
  notFound: 'No place called "{q}" was found.',
  pickPlace: 'Which place?',
  dangersNear: 'Dangers near {place}:',
  noDangers: 'No known dangers within {km} km of {place}.',
  more: '9 More',
  back: '0 Back',
  askCategory: 'What happens there?',
  askSeverity: 'How serious?',
  askTime: 'When is it dangerous?',
  askWords: 'A few words about the place (no names, no phone numbers), or 1 to skip:',
  confirm: 'Send this report?',
  send: '1 Send\n2 Cancel',
  sentPublic: 'Thank you. Spot #{id} is on the map now.',
  sentPending: 'Thank you. Spot #{id} waits for moderators to check it before it goes on the map.',
  cancelled: 'Report cancelled. Nothing was sent.',
  askSpot: 'Type the spot number:',
  noSpot: 'There is no spot #{id} on the map.',
  votes: '{still}, {not}',
  stillDangerous: '{n} still dangerous',
  notAnymore: '{n} not anymore',
  stillThere: 'No word for {days} days: still there?',
  voted: 'Thank you. #{id} now: {still}, {not}.',
  already: 'You already said this about #{id}.',
  invalid: 'Choose a number shown:',
  tooMany: 'Too many requests from this phone. Please try again in {wait} minutes.',
  tooManyReports: 'Too many reports from this phone. Please try again in an hour.',
  tooManyChanges: 'Too many spots changed recently on your network. Please try again later.',
  disputesHeld:
    'Many spots were marked safe across Hatari this hour, so moderators now decide. Your answer was not counted. Try again in {wait} minutes.',
  busyNetwork: 'Too many reports from your network right now. Please try again later.',
  notValid: 'The report could not be saved: {why}',
  failed: 'Sorry, Hatari cannot do that right now. Please try again later.',
  received: 'Hatari received your answer. Dial again to see the result.',
  tooLong: 'This session has gone on too long. Please dial again.',
  sos: 'Emergency numbers:',
  titleNear: '{category} near {place}',
  smsHelp:
    'Hatari: NEAR place - dangers near it. WATCH place - an SMS when a danger is reported near it. STOP - end all, delete your number.',
  smsNoPlace: 'Hatari: no place called "{q}" was found. Try a nearby town, area or road.',
  smsNoDangers: 'Hatari: no known dangers within 3 km of {place}.',
  smsNear: 'Hatari, near {place}: {list}',
  smsMore: 'MORE for more',
  smsStillThere: 'Is #{id} still there? Reply STILL {id} or GONE {id}',
  smsNoMore: 'Hatari: no more dangers near {place}. Send NEAR and a place.',
  smsWatchAsk:
    'Hatari: reply YES for an SMS when a danger is reported near {place}, at most 3 a day. Not you? Ignore this.',
  smsWatching:
    'Hatari: watching {place}. An SMS when a danger of severity 3+ is reported within {radius}{hours}, at most 3 a day. STOP to end.',
  smsAlertsOn:
    'Hatari: alerts on for {places}. An SMS when a danger of severity 3+ is reported there, at most 3 a day. STOP to end.',
  smsWatchFull: 'Hatari: you already watch {max} places. Send STOP to end them all first.',
  smsStopped:
    'Hatari: all stopped and your number deleted. Nothing more will be sent. Send START to begin again.',
  smsStarted:
    'Hatari: welcome back. NEAR place - dangers near it. WATCH place - alerts near it. STOP - end all.',
  smsLang:
    'Hatari speaks English to you now. NEAR place - dangers near it. WATCH place - alerts. STOP - end all.',
  smsAlert: 'Hatari alert: new danger {dist} from {place}: #{id} {what}. STOP to end alerts.',
  pushAlert: 'New danger {dist} from {place}: #{id} {what}',
  askHours:
    'Alerts near {place}, when?\n1 Any time\n2 Mornings {morning}\n3 Evenings {evening}\n4 Nights {night}',
  ussdWatchAsk: 'We sent you an SMS. Reply YES to it to start alerts near {place}.',
  ussdWatching:
    'Alerts near {place} are on. They come by SMS, at most 3 a day. Send STOP by SMS to end them.',
  day: 'by day',
  night: 'at night',
  any: 'day and night',
} as const;

export type WordKey = keyof typeof en;
/** Forms of a count's words where a language has one of its own for one (Luganda: 1 agamba, 2 bagamba). */
export type PluralForm = `${'stillDangerous' | 'notAnymore'}.one`;

/** Luganda (to be reviewed by a native speaker). */
const lg: Record<WordKey, string> & Partial<Record<PluralForm, string>> = {
  main: 'Hatari: maapu y’obulabe\n1 Obulabe okumpi n’ekifo\n2 Loopa obulabe\n3 Kakasa oba gaana ekifo\n4 Ennamba ez’obwangu\n5 Olulimi\n6 Obubaka bwa SMS',
  askPlace: 'Wandiika erinnya ly’ekifo oba ekitundu:',
  notFound: 'Tetusobodde kuzuula kifo "{q}".',
  pickPlace: 'Kifo ki?',
  dangersNear: 'Obulabe okumpi ne {place}:',
  noDangers: 'Tewali bulabe bumanyiddwa mu km {km} okuva {place}.',
  more: '9 Ebirala',
  back: '0 Emabega',
  askCategory: 'Kiki ekibeerayo?',
  askSeverity: 'Kyamaanyi kwenkana wa?',
  askTime: 'Obulabe buba ddi?',
  askWords: 'Ebigambo bitono ku kifo (si mannya, si nnamba za ssimu), oba 1 okubuuka:',
  confirm: 'Weereza lipoota eno?',
  send: '1 Weereza\n2 Sazaamu',
  sentPublic: 'Webale. Ekifo #{id} kiri ku maapu kati.',
  sentPending: 'Webale. Ekifo #{id} kirindiridde abakebera okukikakasa nga tekinnaba ku maapu.',
  cancelled: 'Lipoota esaziddwamu. Tewali kyaweerezeddwa.',
  askSpot: 'Wandiika ennamba y’ekifo:',
  noSpot: 'Tewali kifo #{id} ku maapu.',
  votes: '{still}, {not}',
  stillDangerous: '{n} bagamba kikyali kya bulabe',
  'stillDangerous.one': '{n} agamba kikyali kya bulabe',
  notAnymore: '{n} bagamba tekikyali',
  'notAnymore.one': '{n} agamba tekikyali',
  stillThere: 'Kikyaliyo? Ennaku {days} tekikakasiddwa',
  voted: 'Webale. #{id} kati: {still}, {not}.',
  already: 'Kino wakyogera dda ku #{id}.',
  invalid: 'Londa ennamba eri wano:',
  tooMany: 'Okusaba kungi nnyo okuva ku ssimu eno. Ddamu oluvannyuma lw’eddakiika {wait}.',
  tooManyReports: 'Lipoota nnyingi nnyo okuva ku ssimu eno. Ddamu oluvannyuma lw’essaawa emu.',
  tooManyChanges: 'Ebifo bingi bikyuse gye buvuddeko ku mutimbagano gwo. Ddamu oluvannyuma.',
  disputesHeld:
    'Ebifo bingi bigambiddwa nti si bya bulabe ku Hatari mu ssaawa eno, kale abalabirizi be basalawo kati. Eky’oddamu tekibaliddwa. Ddamu oluvannyuma lw’eddakiika {wait}.',
  busyNetwork: 'Lipoota nnyingi nnyo okuva ku mutimbagano gwo kati. Ddamu oluvannyuma.',
  notValid: 'Lipoota tesobodde kuterekebwa: {why}',
  failed: 'Bambi, Hatari tesobola kukikola kati. Ddamu oluvannyuma.',
  received: 'Hatari efunye eky’oddamu. Kuba nate olabe ekivuddemu.',
  tooLong: 'Olukung’aana luno lulwawo nnyo. Kuba nate.',
  sos: 'Ennamba ez’obwangu:',
  titleNear: '{category} okumpi ne {place}',
  smsHelp:
    'Hatari: OKUMPI ekifo - obulabe okumpi. LABIRIRA ekifo - SMS obulabe bwe bulopebwa okumpi. KOMYA - byonna bikome, ennamba yo esangulwe.',
  smsNoPlace: 'Hatari: tetuzudde kifo "{q}". Gezaako ekibuga, ekitundu oba oluguudo okumpi.',
  smsNoDangers: 'Hatari: tewali bulabe bumanyiddwa mu km 3 okuva {place}.',
  smsNear: 'Hatari, okumpi ne {place}: {list}',
  smsMore: 'EBIRALA okufuna ebirala',
  smsStillThere: '#{id} kikyaliwo? Ddamu KIKYALI {id} oba TEKIKYALI {id}',
  smsNoMore: 'Hatari: tewali bulabe bulala okumpi ne {place}. Weereza OKUMPI n’ekifo.',
  smsWatchAsk:
    'Hatari: ddamu YEE ofune SMS obulabe bwe bulopebwa okumpi ne {place}, obutasukka 3 lumu. Si ggwe? Kino kireke.',
  smsWatching:
    'Hatari: tulabirira {place}. SMS obulabe obwa 3+ bwe bulopebwa mu {radius}{hours}, obutasukka 3 lumu. KOMYA okukomya.',
  smsAlertsOn:
    'Hatari: obubaka buli ku {places}. SMS obulabe obwa 3+ bwe bulopebwa okumpi, obutasukka 3 lumu. KOMYA okukomya.',
  smsWatchFull: 'Hatari: olabirira dda ebifo {max}. Weereza KOMYA okubikomya byonna okusooka.',
  smsStopped:
    'Hatari: byonna bikomye, ennamba yo esanguddwa. Tewali kirala kijja kuweerezebwa. Weereza TANDIKA okuddamu.',
  smsStarted:
    'Hatari: tukwanirizza. OKUMPI ekifo - obulabe okumpi. LABIRIRA ekifo - obubaka. KOMYA - byonna bikome.',
  smsLang:
    'Hatari ejja kwogera Luganda. OKUMPI ekifo - obulabe okumpi. LABIRIRA ekifo - obubaka. KOMYA - byonna bikome.',
  smsAlert: 'Hatari: obulabe obupya {dist} okuva {place}: #{id} {what}. KOMYA okukomya.',
  pushAlert: 'Obulabe obupya {dist} okuva {place}: #{id} {what}',
  askHours:
    'Obubaka okumpi ne {place}, ddi?\n1 Buli kiseera\n2 Ku makya {morning}\n3 Akawungeezi {evening}\n4 Ekiro {night}',
  ussdWatchAsk: 'Tukuweerezza SMS. Giddemu YEE otandike okufuna obubaka okumpi ne {place}.',
  ussdWatching:
    'Obubaka okumpi ne {place} butandise. Bujja ku SMS, obutasukka 3 lumu. Weereza KOMYA ku SMS okubukomya.',
  day: 'emisana',
  night: 'ekiro',
  any: 'emisana n’ekiro',
};

/** Swahili (to be reviewed by a native speaker). */
const sw: Record<WordKey, string> = {
  main: 'Hatari: ramani ya hatari\n1 Hatari karibu na mahali\n2 Ripoti hatari\n3 Thibitisha au kanusha\n4 Namba za dharura\n5 Lugha\n6 Arifa za SMS',
  askPlace: 'Andika jina la mahali au eneo:',
  notFound: 'Hakuna mahali paitwapo "{q}".',
  pickPlace: 'Mahali gani?',
  dangersNear: 'Hatari karibu na {place}:',
  noDangers: 'Hakuna hatari inayojulikana ndani ya km {km} kutoka {place}.',
  more: '9 Zaidi',
  back: '0 Rudi',
  askCategory: 'Nini hutokea huko?',
  askSeverity: 'Ni hatari kiasi gani?',
  askTime: 'Ni hatari lini?',
  askWords: 'Maneno machache kuhusu mahali (bila majina wala namba za simu), au 1 kuruka:',
  confirm: 'Tuma ripoti hii?',
  send: '1 Tuma\n2 Ghairi',
  sentPublic: 'Asante. Mahali #{id} pako kwenye ramani sasa.',
  sentPending: 'Asante. Mahali #{id} panasubiri wasimamizi kukagua kabla ya kuwekwa kwenye ramani.',
  cancelled: 'Ripoti imeghairiwa. Hakuna kilichotumwa.',
  askSpot: 'Andika namba ya mahali:',
  noSpot: 'Hakuna mahali #{id} kwenye ramani.',
  votes: '{still}, {not}',
  stillDangerous: '{n} bado ni hatari',
  notAnymore: '{n} si hatari tena',
  stillThere: 'Siku {days} bila neno: bado lipo?',
  voted: 'Asante. #{id} sasa: {still}, {not}.',
  already: 'Tayari ulisema hivi kuhusu #{id}.',
  invalid: 'Chagua namba iliyopo:',
  tooMany: 'Maombi mengi mno kutoka simu hii. Jaribu tena baada ya dakika {wait}.',
  tooManyReports: 'Ripoti nyingi mno kutoka simu hii. Jaribu tena baada ya saa moja.',
  tooManyChanges: 'Mahali mengi yamebadilika hivi karibuni kwenye mtandao wako. Jaribu tena baadaye.',
  disputesHeld:
    'Maeneo mengi yametajwa kuwa salama kwenye Hatari saa hii, kwa hivyo wasimamizi wanaamua sasa. Jibu lako halikuhesabiwa. Jaribu tena baada ya dakika {wait}.',
  busyNetwork: 'Ripoti nyingi mno kutoka mtandao wako sasa hivi. Jaribu tena baadaye.',
  notValid: 'Ripoti haikuweza kuhifadhiwa: {why}',
  failed: 'Samahani, Hatari haiwezi kufanya hivyo sasa. Jaribu tena baadaye.',
  received: 'Hatari imepokea jibu lako. Piga tena kuona matokeo.',
  tooLong: 'Kikao hiki kimechukua muda mrefu mno. Tafadhali piga tena.',
  sos: 'Namba za dharura:',
  titleNear: '{category} karibu na {place}',
  smsHelp:
    'Hatari: KARIBU mahali - hatari karibu nayo. FUATILIA mahali - SMS hatari ikiripotiwa karibu. SITISHA - komesha yote, namba ifutwe.',
  smsNoPlace: 'Hatari: hakuna mahali paitwapo "{q}". Jaribu mji, eneo au barabara iliyo karibu.',
  smsNoDangers: 'Hatari: hakuna hatari inayojulikana ndani ya km 3 kutoka {place}.',
  smsNear: 'Hatari, karibu na {place}: {list}',
  smsMore: 'ZAIDI kwa zaidi',
  smsStillThere: '#{id} bado ipo? Jibu BADO {id} au IMEISHA {id}',
  smsNoMore: 'Hatari: hakuna hatari zaidi karibu na {place}. Tuma KARIBU na mahali.',
  smsWatchAsk:
    'Hatari: jibu NDIYO upate SMS hatari ikiripotiwa karibu na {place}, hadi 3 kwa siku. Si wewe? Puuza ujumbe huu.',
  smsWatching:
    'Hatari: tunafuatilia {place}. SMS hatari ya 3+ ikiripotiwa ndani ya {radius}{hours}, hadi 3 kwa siku. SITISHA kukomesha.',
  smsAlertsOn:
    'Hatari: arifa ziko kwa {places}. SMS hatari ya 3+ ikiripotiwa karibu nazo, hadi 3 kwa siku. SITISHA kukomesha.',
  smsWatchFull: 'Hatari: tayari unafuatilia mahali {max}. Tuma SITISHA kuyakomesha yote kwanza.',
  smsStopped:
    'Hatari: yote yamesitishwa na namba yako imefutwa. Hakuna kitakachotumwa. Tuma ANZA kuanza tena.',
  smsStarted:
    'Hatari: karibu tena. KARIBU mahali - hatari karibu nayo. FUATILIA mahali - arifa. SITISHA - komesha yote.',
  smsLang:
    'Hatari itakuandikia Kiswahili. KARIBU mahali - hatari karibu. FUATILIA mahali - arifa. SITISHA - komesha yote.',
  smsAlert: 'Hatari: hatari mpya {dist} kutoka {place}: #{id} {what}. SITISHA kukomesha.',
  pushAlert: 'Hatari mpya {dist} kutoka {place}: #{id} {what}',
  askHours:
    'Arifa karibu na {place}, lini?\n1 Wakati wowote\n2 Asubuhi {morning}\n3 Jioni {evening}\n4 Usiku {night}',
  ussdWatchAsk: 'Tumekutumia SMS. Ijibu NDIYO kuanza arifa karibu na {place}.',
  ussdWatching:
    'Arifa karibu na {place} zimeanza. Zinakuja kwa SMS, hadi 3 kwa siku. Tuma SITISHA kwa SMS kuzikomesha.',
  day: 'mchana',
  night: 'usiku',
  any: 'mchana na usiku',
};

export const channelWords = { en, lg, sw } as const;

/**
 * SMS commands in each language (docs/channels.md). English words are understood from every number;
 * a word of another language also sets the number's language. STOP's words are those carriers and
 * RapidPro honour.
 */
export const SMS_COMMANDS = {
  near: { en: ['NEAR'], lg: ['OKUMPI', 'ZUNGULUKA'], sw: ['KARIBU'] },
  more: { en: ['MORE'], lg: ['EBIRALA'], sw: ['ZAIDI'] },
  watch: { en: ['WATCH'], lg: ['LABIRIRA'], sw: ['FUATILIA'] },
  yes: { en: ['YES'], lg: ['YEE'], sw: ['NDIYO'] },
  stop: {
    en: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
    lg: ['KOMYA', 'LEKERA'],
    sw: ['SITISHA', 'ACHA'],
  },
  start: { en: ['START'], lg: ['TANDIKA'], sw: ['ANZA'] },
  /** "Still there?" answered: STILL 12 (still dangerous) or GONE 12 (not anymore), a vote on #12. */
  still: { en: ['STILL'], lg: ['KIKYALI'], sw: ['BADO'] },
  gone: { en: ['GONE'], lg: ['TEKIKYALI', 'KIWEDDE'], sw: ['IMEISHA'] },
  help: { en: ['HELP'], lg: ['YAMBA'], sw: ['MSAADA'] },
  /** Between a trip's two places: WATCH Kalerwe TO Old Taxi Park. */
  to: { en: ['TO'], lg: ['OKUTUUKA'], sw: ['HADI'] },
  /** The language's own name: answers in it from then on. */
  lang: { en: ['ENGLISH'], lg: ['LUGANDA'], sw: ['KISWAHILI', 'SWAHILI'] },
} as const;
export type SmsCommand = keyof typeof SMS_COMMANDS;
