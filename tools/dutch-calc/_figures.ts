/**
 * Official Dutch figures for the dutch-calc tools (salary, 30% ruling, holiday allowance, notice period,
 * severance, mileage, inheritance and gift tax), one table per topic keyed by year. Owned by these tools;
 * the AOW/WW/student-finance/school-holiday/exam tools keep their own files.
 *
 * Rules: a year that is not in a table is refused (400 listing the years that are), never extrapolated.
 * Each figure carries its source. Where the official page itself could not be read from here, the comment
 * names the official publication and the independent copies that were read and agree ("[B]": two or more
 * consistent copies, or one that quotes the official text).
 */

/** A box 1 bracket: `upTo` is the upper limit of taxable income in euros (null = no limit). */
export interface Bracket {
  upTo: number | null;
  ratePercent: number;
}

/** One piece of a piecewise-linear credit: for income in (from, upTo]: base + pct% × (income − from). */
export interface CreditPiece {
  from: number;
  upTo: number | null;
  base: number;
  pct: number;
}

export interface CreditTaper {
  max: number;
  /** Phase-out starts above this income. */
  from: number;
  /** Percent of the income above `from` by which the credit falls (to no less than 0). */
  pct: number;
}

export interface Box1Year {
  /** Below AOW age: box 1 tax and national-insurance premiums combined. */
  brackets: Bracket[];
  /** General tax credit (algemene heffingskorting) below AOW age. */
  ahk: CreditTaper;
  /** Labour credit (arbeidskorting) below AOW age. */
  ak: CreditPiece[];
  /** AOW age: null where the AOW-age figures could not be sourced completely. */
  aow: null | {
    bracket1RatePercent: number;
    /** Bracket-1 limit for people born before 1 January 1946. */
    bornBefore1946UpTo: number;
    ahk: CreditTaper;
    ak: CreditPiece[];
    /** Ouderenkorting (elderly credit). */
    ouk: CreditTaper;
    /** Alleenstaande-ouderenkorting (single elderly credit), a fixed amount. */
    singleElderly: number;
  };
  /** Why AOW age is refused for this year, when `aow` is null. */
  aowMissing?: string;
  /** Set while the year's figures are a bill, not law: what they are and until when (the answer says `provisional`). */
  provisional?: string;
  source: string;
}

/** The one wording for figures from the Belastingplan 2027 bill (Prinsjesdag, 15 September 2026). */
export const PROVISIONAL_BP2027 =
  'Belastingplan 2027 as proposed on Prinsjesdag (15 September 2026): provisional until the law is adopted and the Belastingdienst publishes the final 2027 tables';

/**
 * Box 1 (inkomstenbelasting + premies volksverzekeringen), algemene heffingskorting, arbeidskorting.
 */
export const BOX1: Record<number, Box1Year> = {
  2024: {
    // One rate 36.97% up to €75,518 below AOW age (the 2024 scale has two brackets; the split at €38,098 only
    // matters at AOW age), 49.50% above: Belastingdienst "box 1 tarieven 2024"; [B] youserve.nl "HR-plannen 2025"
    // (table 2024 vs 2025), consumentenbond.nl "Hypotheekrenteaftrek" (2024: 36.97%, top from €75,518),
    // stevermeister/dutch-tax-income-calculator-npm data.json (2024: 9.32% + 27.65% premiums, top from €75,518).
    brackets: [
      { upTo: 75518, ratePercent: 36.97 },
      { upTo: null, ratePercent: 49.5 },
    ],
    // AHK 2024: max €3,362, phase-out 6.63% above €24,812 (0 at €75,518): Belastingdienst "Tabel algemene
    // heffingskorting 2024"; [B] leendersgielen.nl "Heffingskortingen gewijzigd", confianza.nl (2025 vs 2024),
    // hetcak.nl "Algemene heffingskorting" (2024 formula), data.json above.
    ahk: { max: 3362, from: 24812, pct: 6.63 },
    // AK 2024: ≤ €11,490 8.425%; €968 + 31.433% to €24,820; €5,158 + 2.471% to €39,957 (max €5,532);
    // €5,532 − 6.51% to €124,934: Belastingdienst "Tabel arbeidskorting 2024"; [B] data.json above (kinks and
    // percentages), rustyx/vrij-loon src/js/ib2024.js (968, percentages), leendersgielen.nl and confianza.nl
    // (max €5,532 at €39,957, 6.51%). Kinks continuous: 8.425% × 11,490 = 968; 968 + 31.433% × 13,330 = 5,158;
    // 5,158 + 2.471% × 15,137 = 5,532; 5,532 / 6.51% + 39,957 = 124,934.
    ak: [
      { from: 0, upTo: 11490, base: 0, pct: 8.425 },
      { from: 11490, upTo: 24820, base: 968, pct: 31.433 },
      { from: 24820, upTo: 39957, base: 5158, pct: 2.471 },
      { from: 39957, upTo: 124934, base: 5532, pct: -6.51 },
    ],
    // AOW age 2024: the general credit (€1,735, 3.421%, hetcak.nl), ouderenkorting (€2,010 from €44,770, 15%,
    // belastingdienst.nl "Heffingskortingen voor AOW-gerechtigden") and alleenstaande-ouderenkorting (€524) were
    // read, but not the 2024 AOW-age labour-credit table: the two copies found disagree. rustyx/vrij-loon ib2024.js has
    // €501 + 15.388% (the 2023 rate) and a base of €2,161 (its rates do not reach its own maximum of €2,854);
    // Hilbrand/ib-broncode (citing Belastingdienst "Tabel arbeidskorting 2024") has €501 + 16.214%, €2,662 + 1.275%,
    // €2,854 − 3.358%. They agree only on 4.346% to €11,490 and €501 (and 4.346% × 11,490 = 499.35, not 501). Searched
    // again Nov 2026: no third copy.
    aow: null,
    aowMissing: 'the 2024 AOW-age labour-credit table could not be sourced',
    source: 'Belastingdienst: box 1 tarieven 2024, Tabel algemene heffingskorting 2024, Tabel arbeidskorting 2024',
  },
  2025: {
    // Brackets 35.82 / 37.48 / 49.50 %, limits €38,441 and €76,817: Belastingdienst "box 1 tarieven 2025"
    // (https://www.belastingdienst.nl/wps/wcm/connect/fisin/fisin2025/belastingberekening); [B] read in
    // stevermeister/dutch-tax-income-calculator-npm data.json, nbcvanroemburg.nl Miljoenennota 2026, domain notes §3.2.
    brackets: [
      { upTo: 38441, ratePercent: 35.82 },
      { upTo: 76817, ratePercent: 37.48 },
      { upTo: null, ratePercent: 49.5 },
    ],
    // AHK 2025: max €3,068, phase-out 6.337% above €28,406: Belastingdienst "Tabel algemene heffingskorting 2025"
    // (…/heffingskortingen/algemene_heffingskorting/tabel-algemene-heffingskorting-2025); [B] data.json above, domain notes.
    ahk: { max: 3068, from: 28406, pct: 6.337 },
    // AK 2025: Belastingdienst "Tabel arbeidskorting 2025"
    // (https://www.belastingdienst.nl/wps/wcm/connect/bldcontentnl/belastingdienst/prive/inkomstenbelasting/heffingskortingen_boxen_tarieven/heffingskortingen/arbeidskorting/tabel-arbeidskorting-2025);
    // [B] quoted with that URL in two public calculators, data.json above; kinks continuous (8.053% × 12,169 = 980 …).
    ak: [
      { from: 0, upTo: 12169, base: 0, pct: 8.053 },
      { from: 12169, upTo: 26288, base: 980, pct: 30.03 },
      { from: 26288, upTo: 43071, base: 5220, pct: 2.258 },
      { from: 43071, upTo: 129078, base: 5599, pct: -6.51 },
    ],
    // AOW age 2025: Belastingdienst "Tarieven, bedragen en percentages loonheffingen vanaf 1 januari 2025"
    // (bijlage Nieuwsbrief Loonheffingen 2025, download.belastingdienst.nl/…/bijlage-nieuwsbrief-loonheffingen-2025-lh2091b51fd.pdf)
    // as transcribed in rustyx/vrij-loon src/js/ib2025.js (bracket 1 17.92%, €40,502 born before 1946; AHK €1,536,
    // 3.170%; AK 4.029% / €491 + 15.023% / €2,612 + 1.130% / €2,802 − 3.257%); [B] fundamentvoor.nl "2.3
    // Loonheffingskorting" (AHK €1,536, 3.170% above €28,406), consumentenbond.nl "Heffingskortingen voor AOW'ers"
    // (17.92% below €38,441), domain notes §3.2 (AK max €2,802, 3.257%; ouderenkorting €2,035; alleenstaande-
    // ouderenkorting €531), confianza.nl (ouderenkorting €2,035 from €45,308, 15%; alleenstaande €531).
    // Kinks continuous: 491 + 15.023% × 14,119 = 2,612; 2,612 + 1.130% × 16,783 = 2,802; 2,802 / 3.257% ≈ 86,030.
    aow: {
      bracket1RatePercent: 17.92, // 35.82 − 17.90 AOW premium
      bornBefore1946UpTo: 40502,
      ahk: { max: 1536, from: 28406, pct: 3.17 },
      ak: [
        { from: 0, upTo: 12169, base: 0, pct: 4.029 },
        { from: 12169, upTo: 26288, base: 491, pct: 15.023 },
        { from: 26288, upTo: 43071, base: 2612, pct: 1.13 },
        { from: 43071, upTo: 129078, base: 2802, pct: -3.257 },
      ],
      ouk: { max: 2035, from: 45308, pct: 15 },
      singleElderly: 531,
    },
    source:
      'Belastingdienst: box 1 tarieven 2025, Tabel algemene heffingskorting 2025, Tabel arbeidskorting 2025; Nieuwsbrief Loonheffingen 2025 (AOW age)',
  },
  2026: {
    // All 2026 figures: Belastingdienst "Rekenvoorschriften geautomatiseerde loonadministratie 2026" (LH 991-Z62FD,
    // https://download.belastingdienst.nl/belastingdienst/docs/rekenvoorschriften_voor_geautomatiseerde_loonadministratie_lh991z62fd.pdf)
    // tabel 2 (brackets), 3 (AHK), 4 (ouderenkorting), 6 (arbeidskorting), as transcribed in ConductionNL/humaniq
    // lib/Standards/tables/nl-2026.json; the same values appear in Belastingdienst "Tabel arbeidskorting 2026" and
    // "Heffingskortingen voor AOW-gerechtigden" as quoted by a second public audit document, and in aplusbadviesgroep.nl
    // (23 Dec 2025). Final figures after the Nota van wijziging (35.75%, not the Prinsjesdag proposal 35.70%).
    brackets: [
      { upTo: 38883, ratePercent: 35.75 },
      { upTo: 78426, ratePercent: 37.56 },
      { upTo: null, ratePercent: 49.5 },
    ],
    ahk: { max: 3115, from: 29736, pct: 6.398 },
    ak: [
      { from: 0, upTo: 11965, base: 0, pct: 8.324 },
      { from: 11965, upTo: 25845, base: 996, pct: 31.009 },
      { from: 25845, upTo: 45592, base: 5300, pct: 1.95 },
      { from: 45592, upTo: 132920, base: 5685, pct: -6.51 },
    ],
    aow: {
      bracket1RatePercent: 17.85, // 35.75 − 17.90 AOW premium (RV2026 tabel 2)
      bornBefore1946UpTo: 41123, // RV2026 tabel 2, "aowBorn1945OrEarlier"
      ahk: { max: 1556, from: 29736, pct: 3.195 }, // RV2026 tabel 3
      ak: [
        // RV2026 tabel 6, AOW-age column
        { from: 0, upTo: 11965, base: 0, pct: 4.156 },
        { from: 11965, upTo: 25845, base: 498, pct: 15.483 },
        { from: 25845, upTo: 45592, base: 2647, pct: 0.974 },
        { from: 45592, upTo: 132920, base: 2840, pct: -3.25 },
      ],
      ouk: { max: 2067, from: 46002, pct: 15 }, // RV2026 tabel 4
      // Alleenstaande-ouderenkorting 2026 €540: RV2026 tabel 5 as transcribed above ("aok1"); [B] domain notes §3.2
      // (aplusbadviesgroep.nl 23 Dec 2025).
      singleElderly: 540,
    },
    source: 'Belastingdienst: Rekenvoorschriften loonadministratie 2026 (tabel 2, 3, 4, 6); Tabel arbeidskorting 2026',
  },
  2027: {
    // PROVISIONAL: the Belastingplan 2027 bill (Tweede Kamer 37 022, Prinsjesdag 15 Sep 2026), read 2026-11-26 in
    // copies of the official documents, not in the documents themselves:
    // - Brackets 36.23% to €39,247, 38.16% to €78,426, 49.50% above: Memorie van toelichting Belastingplan 2027,
    //   § Parametertabellen, Tabel 1 "Overzicht IB-parameters voor belastingplichtigen jonger dan de AOW-leeftijd"
    //   (https://www.rijksfinancien.nl/sites/default/files/bestanden/belastingplan-2027/wetsvoorstel-belastingplan-2027/Wetsvoorstel-Belastingplan-2027.pdf,
    //   pdf p. 34), as quoted in a public fiscal change log (seen 2026-09-30: "tarief schijf 1 36,23% …, tarief schijf 2
    //   38,16% …, grens schijf 1 € 39.247 …, toptarief 49,50% en grens schijf 2 € 78.426 blijven gelijk"); [B] the same
    //   figures in a public 2027 net-income calculator ("2027 voorlopig (Belastingplan 2027, Prinsjesdag 2026)") and in a
    //   public toeslagen calculator's table citing the Fiscale sleuteltabel 2027 (rijksfinancien.nl,
    //   …/pakket-belastingplan-2027/fiscale-sleuteltabel-2027.pdf).
    brackets: [
      { upTo: 39247, ratePercent: 36.23 },
      { upTo: 78426, ratePercent: 38.16 },
      { upTo: null, ratePercent: 49.5 },
    ],
    // AHK: max €3,154 (MvT Tabel 1 as quoted above; [B] the 2027 net-income calculator); phase-out from €30,910 (the
    // calculator; [B] the toeslagen table citing the Fiscale sleuteltabel 2027, and its drempelinkomen 2027 of €30,910)
    // at 6.638% (the calculator only). Check: 30,910 + 3,154 / 6.638% = 78,424.6, i.e. the credit reaches 0 at the
    // second bracket limit, as it does by law in 2025 (28,406 + 3,068 / 6.337% ≈ 76,820) and 2026 (≈ 78,423).
    // Indexation check: the bill's art. LI indexes the 2027 income-tax amounts by 1.01248 (a limited inflation
    // correction, as quoted in a public 2027 household article citing the wetsvoorstel): 3,115 × 1.01248 = 3,153.9.
    ahk: { max: 3154, from: 30910, pct: 6.638 },
    // AK: max €5,929 (MvT Tabel 1 "bedrag grens 3" and the Fiscale sleuteltabel 2027 "Arbeidskorting: maximum", as
    // quoted above); the bases €1,182 and €5,540 and the phase-out point €47,834 at 6.51% [B] in the calculator and the
    // toeslagen table; the kinks €12,438 / €26,866 and the rates 9.503% / 30.205% / 1.855% in the calculator only.
    // Kinks continuous: 9.503% × 12,438 = 1,181.98; 1,182 + 30.205% × 14,428 = 5,539.98; 5,540 + 1.855% × 20,968 =
    // 5,928.96. The maximum also equals 2026's indexed plus the bill's €173 raise of the maximum (Rijksoverheid news
    // item Belastingplan 2027, as quoted in the same household article): 5,685 × 1.01248 + 173 = 5,928.9.
    // The last piece has no upper limit here: the credit is 0 from 47,834 + 5,929 / 6.51% ≈ 138,909 on
    // (no source gives that point, so it is not written down).
    ak: [
      { from: 0, upTo: 12438, base: 0, pct: 9.503 },
      { from: 12438, upTo: 26866, base: 1182, pct: 30.205 },
      { from: 26866, upTo: 47834, base: 5540, pct: 1.855 },
      { from: 47834, upTo: null, base: 5929, pct: -6.51 },
    ],
    // The 2027 AOW-age table (first-bracket rate, AOW-age credits, ouderenkorting, alleenstaande-ouderenkorting) was
    // found only in one copy that mixes 2026 and 2027 values (2027 amounts with 2026 kinks and rates), so it is refused.
    aow: null,
    aowMissing:
      'the Belastingplan 2027 AOW-age figures (first-bracket rate, credits, ouderenkorting) were not found in a consistent source',
    provisional: PROVISIONAL_BP2027,
    source:
      'Belastingplan 2027 (wetsvoorstel, Prinsjesdag 2026), memorie van toelichting Tabel 1 and Fiscale sleuteltabel 2027 (rijksfinancien.nl): brackets, algemene heffingskorting, arbeidskorting; provisional',
  },
};

/**
 * 30% ruling (Wet LB 1964 art. 31a; Uitvoeringsbesluit loonbelasting 1965): salary norm
 * (taxable wage, i.e. after the tax-free allowance, must be MORE than the norm), the cap (WNT general norm:
 * the allowance is at most pct% of the WNT norm). The percentage and the transitional rules depend on the
 * ruling's start as well as the year: see THIRTY_PERCENT_RULES.
 */
export const THIRTY_PERCENT: Record<number, { normStandard: number; normYoungMaster: number; wntCap: number; source: string }> = {
  2024: {
    // Norms €46,107 / €35,048: Belastingdienst Nieuwsbrief Loonheffingen 2024; [B] domain notes §3.5 (EY),
    // stevermeister/dutch-tax-income-calculator-npm data.json (rulingThreshold 2024), salarisvanmorgen.nl and
    // tilstraservices.nl on Belastingplan 2025 ("van € 46.107 … € 35.048"). WNT 2024 €233,000: wntadvies.nl
    // "WNT-maximum van de organisatie", kantoorabri.nl ("30% van € 233.000 (WNT-norm 2024)"), data.json above.
    normStandard: 46107,
    normYoungMaster: 35048,
    wntCap: 233000,
    source: 'Belastingdienst Nieuwsbrief Loonheffingen 2024 (salary norms); WNT algemeen bezoldigingsmaximum 2024',
  },
  2025: {
    // Norms €46,660 / €35,468: Belastingdienst Nieuwsbrief Loonheffingen 2025; [B] EY (domain notes §3.5),
    // stevermeister/dutch-tax-income-calculator-npm data.json. WNT 2025 €246,000 (topinkomens.nl; same sources;
    // loyensloeff.com "Gemaximeerde Loon, in 2025: € 246.000").
    normStandard: 46660,
    normYoungMaster: 35468,
    wntCap: 246000,
    source: 'Belastingdienst Nieuwsbrief Loonheffingen 2025 (salary norms); WNT algemeen bezoldigingsmaximum 2025',
  },
  2026: {
    // Norms €48,013 / €36,497: Belastingdienst Nieuwsbrief Loonheffingen 2026, as quoted by crop.nl (30 Dec 2025)
    // and slimgeldbeheer.nl, data.json above. WNT 2026 €262,000: art. 2.3 WNT, Staatscourant 2025-27439,
    // rijksoverheid.nl "Topinkomens (semi)publieke instellingen" (quoted in ConductionNL/humaniq; AWVN, Law & Pepper).
    normStandard: 48013,
    normYoungMaster: 36497,
    wntCap: 262000,
    source: 'Belastingdienst Nieuwsbrief Loonheffingen 2026 (salary norms); WNT 2026 (Stcrt. 2025-27439)',
  },
};

/** Why a year is refused by the 30% ruling (and the salary calculator's ruling). */
export const THIRTY_PERCENT_REFUSED: Record<number, string> = {
  // 27% from 2027 (30% for a ruling applied before 2024) is law (Belastingplan 2025), and so are the raised norms
  // of €50,436 / €38,338 at the 2024 price level; the indexed 2027 amounts, the 2027 norms for the transitional
  // group and the 2027 WNT maximum were not published in any source read.
  2027: 'the 2027 rate is law (27%, or 30% for a ruling applied before 2024), but the indexed 2027 salary norms and the 2027 WNT maximum are not published yet',
};

/**
 * The rate and the two transitional rules, by tax year and the ruling's first day:
 * - WNT cap: from 2024 the allowance is at most pct% of the WNT norm (Belastingplan 2023). Transitional rule: for
 *   an employee whose ruling was applied in the last pay period of 2022 the cap starts on 1 January 2026
 *   (Belastingdienst, Nieuwsbrief Loonheffingen 2023 §10.2, as quoted by 100-salaris.nl with a worked example;
 *   [B] Kennisgroep KG:041:2024:11 per kantoorabri.nl, 30percentruling.com "Wanneer valt een werknemer onder het
 *   overgangsrecht?"). A ruling that started on or before 31 December 2022 and is still running in the year asked
 *   about was running in the last pay period of 2022; the tools take that as "applied".
 * - Rate: 30% through 2026; 27% from 1 January 2027 (Belastingplan 2025: loyensloeff.com, salarisvanmorgen.nl,
 *   werquenu.com). Transitional rule: a ruling applied before 2024 keeps 30% for its remaining term (werquenu.com
 *   "Voor ingekomen werknemers die voor 2024 …", tilstraservices.nl "alleen voor expats die vanaf 1 januari 2024
 *   gebruik maken"; cbbs.nl reads the proposal as also covering 2024 starts: not followed).
 */
export const THIRTY_PERCENT_RULES = {
  /** A ruling that started on or before this day was running in the last pay period of 2022. */
  capTransitionalStartOnOrBefore: '2022-12-31',
  /** The WNT cap applies to the transitional group from this year. */
  capTransitionalUntilYear: 2026,
  /** From this year the rate is 27% … */
  reducedRateFromYear: 2027,
  reducedRatePercent: 27,
  ratePercent: 30,
  /** … except for a ruling that started before this day (applied before 2024). */
  keepsFullRateIfStartBefore: '2024-01-01',
} as const;

/** Maximum number of months of a 30% ruling (Uitvoeringsbesluit loonbelasting 1965; domain notes §3.5). */
export const THIRTY_PERCENT_MAX_MONTHS = 60;

/**
 * Vakantiebijslag: Wet minimumloon en minimumvakantiebijslag (WML) art. 15 lid 1: at least 8% of the wage, "met dien
 * verstande, dat het bedrag waarmede de som van dit loon en deze uitkeringen het drievoud van het minimumloon
 * overschrijdt buiten beschouwing blijft" (the part of the wage above three times the minimum wage does not count);
 * lid 2: three times "het in artikel 8 genoemde bedrag" per month (since 2024 the referentiemaandloon of art. 8 lid 1
 * onder b), pro rata for other pay periods, a week being 4 1/3 of a month. Art. 16 lid 1: a collective agreement (or
 * public-law regulation) may set a lower allowance or none (subject to the 108%-of-minimum-wage floor of lid 2);
 * art. 16 lid 5: above three times the minimum wage a written individual agreement may too.
 * Text: wetten.overheid.nl BWBR0002638 art. 15 and 16, as read in statengeneraal/laws-markdown (2017 text, these
 * articles unchanged) and in a public rules transcription of art. 15 (2026-07-01 version, jci1.3:c:BWBR0002638).
 * The percentage is written in the law (not indexed); listed per year so an unknown year is still refused.
 */
export const HOLIDAY_ALLOWANCE: Record<number, { minPercent: number; source: string }> = Object.fromEntries(
  [2024, 2025, 2026, 2027].map((y) => [
    y,
    { minPercent: 8, source: 'Wet minimumloon en minimumvakantiebijslag art. 15 lid 1 (https://wetten.overheid.nl/BWBR0002638)' },
  ]),
);

/**
 * Referentiemaandloon (WML art. 8 lid 1 onder b; gross per month, 21 and older) per half year, from the first month
 * it applies (yyyy-mm). Set twice a year by the Regeling indexatie wettelijk minimumloon (SZW). A half year not listed
 * is unknown: the three-times ceiling of art. 15 is then not decided.
 */
export const MINIMUM_WAGE_MONTHLY: Record<string, { amount: number; source: string }> = {
  // €2,069.40 per 1 January 2024: SZW besluit 2023-0000526966 (8 Oct 2023) as quoted by accountingcounts.nl; [B]
  // salariscompleet.nl (Rendement, "voor de periode januari tot en met juni 2024 € 2.069,40").
  '2024-01': { amount: 2069.4, source: 'Regeling indexatie WML per 1 januari 2024: referentiemaandloon € 2.069,40' },
  // €2,133.60 per 1 July 2024: wia-specialist.nl ("stijgt naar bruto € 2.133,60"); [B] accountancyvanmorgen.nl
  // 2024-10-16 ("juli 2024: € 2.133,60 per maand").
  '2024-07': { amount: 2133.6, source: 'Regeling indexatie WML per 1 juli 2024: referentiemaandloon € 2.133,60' },
  // €2,191.80 per 1 January 2025: accountancyvanmorgen.nl 2024-10-16 quoting the Regeling indexatie wettelijk
  // minimumloon per 1 januari 2025 (SZW).
  '2025-01': { amount: 2191.8, source: 'Regeling indexatie WML per 1 januari 2025: referentiemaandloon € 2.191,80' },
  // €2,245.80 per 1 July 2025: SZW besluit 2025-0000069776, Staatscourant 2025, 12264, as quoted by admintrend.nl;
  // [B] metronieuws.nl 2025-04 ("uitkomt op 2245 euro per maand").
  '2025-07': { amount: 2245.8, source: 'Regeling indexatie WML per 1 juli 2025 (Stcrt. 2025, 12264): referentiemaandloon € 2.245,80' },
  // €2,294.40 per 1 January 2026: grootheddeaccountants.nl ("Het bruto referentiemaandloon bedraagt per 1 januari
  // 2026 € 2.294,40"); [B] ConductionNL/humaniq nl-2026.json (RPP2026 bijlage 3), a public WML art. 15 rules
  // transcription (3 × € 2.294,40 × 3 months = € 20.649,60).
  '2026-01': { amount: 2294.4, source: 'Regeling indexatie WML per 1 januari 2026: referentiemaandloon € 2.294,40' },
  // €2,337.00 per 1 July 2026: a public rules transcription of WML art. 8 lid 1 onder b ("[per 1 juli 2026: € 2.337,00]",
  // beside the hourly € 14,99 of onder a); [B] a public Wajong calculator ("Referentiemaandloon 2026 – vanaf 1 juli
  // 2026: 21 jaar en ouder (100%): € 2.337,00"). Consistent with the published hourly minimum of €14.99: 2,337.00 × 12 /
  // (36 × 52) = 14.981, rounded up to the cent (as 2,294.40 → 14.708 → €14.71 on 1 January 2026).
  '2026-07': { amount: 2337, source: 'Regeling indexatie WML per 1 juli 2026: referentiemaandloon € 2.337,00' },
  // 1 January 2027: not found in any source read (Nov 2026): not listed.
};

/**
 * Statutory notice periods, BW 7:672 (https://wetten.overheid.nl/BWBR0005290, Boek 7 art. 672), unchanged in
 * substance since the Wet werken na de AOW-gerechtigde leeftijd (1 January 2016). Accepted for notice dates
 * 2016–2027.
 */
export const NOTICE_YEARS = { min: 2016, max: 2027 };
export const NOTICE_SOURCE = 'BW 7:672 (https://wetten.overheid.nl/BWBR0005290)';
/** Employer's statutory period by completed years of service: [minYears, months]. */
export const NOTICE_EMPLOYER_MONTHS: [number, number][] = [
  [15, 4],
  [10, 3],
  [5, 2],
  [0, 1],
];

/**
 * Transitievergoeding cap (BW 7:673 lid 2; indexed yearly by ministerial regulation to the contract wages,
 * rounded to €1,000; or one gross annual salary if that is higher). Year = the year the employment ends.
 */
export const SEVERANCE_CAP: Record<number, { cap: number; source: string }> = {
  // €94,000: uwv.nl "Hoe hoog is de transitievergoeding?" ("vanaf 1 januari 2024 maximaal € 94.000"), read.
  2024: { cap: 94000, source: 'uwv.nl, Hoe hoog is de transitievergoeding (2024: € 94.000)' },
  // €98,000: Staatscourant regeling SZW 2024; [B] omnyacc (domain notes §3.6), public calculator citing BW 7:673.
  2025: { cap: 98000, source: 'Regeling SZW maximum transitievergoeding 2025 (€ 98.000)' },
  // €102,000: Regeling SZW maximum transitievergoeding 2026; [B] three independent public calculators/guides
  // (one: "Wettelijk maximum transitievergoeding 2026: €102.000 … 2025: €98.000"), no conflicting figure found.
  2026: { cap: 102000, source: 'Regeling SZW maximum transitievergoeding 2026 (€ 102.000)' },
};

/**
 * Tax-free travel allowance per kilometre (Wet LB 1964 art. 31a lid 2 onder b; a fixed amount in the law).
 * 2026: €0.25 by a besluit with retroactive effect to 1 January 2026 (pages showing €0.23 for 2026 predate it).
 */
export const MILEAGE: Record<number, { perKm: number; source: string; provisional?: string }> = {
  // €0.21 from 1 Jan 2023 (Belastingplan 2023): accountancyvanmorgen.nl 2023-09, autoweek.nl, tubantia.nl.
  2023: { perKm: 0.21, source: 'Wet LB 1964 art. 31a lid 2 onder b (Belastingplan 2023: € 0,21)' },
  // €0.23 from 1 Jan 2024 (Belastingplan 2024, wetsvoorstel 18-09-2023): accountancyvanmorgen.nl, jacc.nl/berveling.nl.
  2024: { perKm: 0.23, source: 'Wet LB 1964 art. 31a lid 2 onder b (Belastingplan 2024: € 0,23)' },
  // Unchanged in 2025 (no amendment in Belastingplan 2025); domain notes §3.6 [B].
  2025: { perKm: 0.23, source: 'Wet LB 1964 art. 31a lid 2 onder b (€ 0,23, unchanged since 2024)' },
  // €0.25 from 1 January 2026: Besluit van de Staatssecretaris van Financiën van 17 mei 2026, nr. 2026-8260, Stcrt.
  // 2026-18302 (https://zoek.officielebekendmakingen.nl/stcrt-2026-18302.html), approving €0.25 for all of 2026 with
  // corrections over earlier pay periods, as quoted by a public article (3 Jul 2026: "Was € 0,23 per km – Wordt
  // € 0,25 per km – Ingang 22 mei 2026, terugwerkend tot 1 januari 2026"); [B] belastingdienst.nl "Zakelijk gebruik
  // privévervoermiddel 2026" as quoted on 7 Oct 2026 ("Dan mag u in 2026 voor de zakelijke ritten € 0,25 per kilometer
  // van uw winst aftrekken. In 2025 was dit € 0,23."), and the Belastingplan 2027 bill, art. I C/D and LVII, which
  // writes €0.25 into art. 31a with effect from 1 January 2026 (as listed in a public table of its parameters).
  2026: {
    perKm: 0.25,
    source: 'Besluit Staatssecretaris van Financiën 17 mei 2026, nr. 2026-8260 (Stcrt. 2026-18302): € 0,25 per km from 1 January 2026',
  },
  // 2027: the Belastingplan 2027 bill (art. I C/D) writes the €0.25 of 2026 into Wet LB 1964 art. 31a as the amount from
  // 2026 on, with no change for 2027 (same public table of its parameters); provisional until the bill is law.
  2027: {
    perKm: 0.25,
    source: 'Wet LB 1964 art. 31a lid 2 onder b as amended by the Belastingplan 2027 bill, art. I C/D (€ 0,25 from 2026); provisional',
    provisional: PROVISIONAL_BP2027,
  },
};

/** Schenk- en erfbelasting (Successiewet 1956 art. 24 tarief, art. 32 erf-vrijstellingen, art. 33 schenk-vrijstellingen). */
export interface InheritanceGiftYear {
  /** Upper limit of the first band of the taxable amount, all groups. */
  band1UpTo: number;
  /** Tariefgroep I (partner, children), IA (grandchildren and further descendants), II (everyone else): [band1 %, band2 %]. */
  rates: { I: [number, number]; IA: [number, number]; II: [number, number] };
  inherit: { partner: number; child: number; disabledChild: number; parent: number; other: number };
  gift: { child: number; childOneOffGeneral: number; childOneOffStudy: number; other: number };
  source: string;
}

/** Why a year is refused by the inheritance and gift tax calculators. */
export const INHERITANCE_GIFT_REFUSED: Record<number, string> = {
  2027: 'the 2027 band and exemptions (2026 indexed by the 2027 table correction factor) were not found in any source read',
};

export const INHERITANCE_GIFT: Record<number, InheritanceGiftYear> = {
  2024: {
    // Band €152,368; erf: partner €795,156, child/grandchild €25,187, disabled child €75,546, parents €59,643,
    // others €2,658; schenk: child €6,633, one-off €31,813 / €66,268 (study), others €2,658: Belastingdienst
    // "Tarieven en vrijstellingen erfbelasting/schenkbelasting 2024"; [B] notaristimmers.nl ("definitieve cijfers
    // … 2024"), notaris-dronten.nl, notariaatlemmer.nl, claassenadvocaten.nl (the Belastingdienst tables).
    // 2025 = 2024 × 1.012 (154,197 / 152,368; 25,490 / 25,187): consistent.
    band1UpTo: 152368,
    rates: { I: [10, 20], IA: [18, 36], II: [30, 40] },
    inherit: { partner: 795156, child: 25187, disabledChild: 75546, parent: 59643, other: 2658 },
    gift: { child: 6633, childOneOffGeneral: 31813, childOneOffStudy: 66268, other: 2658 },
    source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2024',
  },
  2025: {
    // Band €154,197, child exemptions €25,490 (erf) / €6,713 (schenk): Memorie van toelichting Belastingplan 2026
    // §5.12 (rijksfinancien.nl, "bedragen 2025"), read. Remaining amounts: Belastingdienst "Tarieven en
    // vrijstellingen erfbelasting/schenkbelasting 2025"; [B] notarisunie.nl, erfrechtplan.nl, fiskaal.com,
    // cooster.nl ("in 2025: € 6.713 … € 32.195 … € 67.064 … € 2.690 … € 154.197").
    band1UpTo: 154197,
    rates: { I: [10, 20], IA: [18, 36], II: [30, 40] }, // SW 1956 art. 24
    inherit: { partner: 804698, child: 25490, disabledChild: 76453, parent: 60359, other: 2690 },
    gift: { child: 6713, childOneOffGeneral: 32195, childOneOffStudy: 67064, other: 2690 },
    source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2025',
  },
  2026: {
    // 2026 = 2025 × 1.029 (indexation, checks out): Belastingdienst "Tarieven en vrijstellingen 2026"; [B] cooster.nl,
    // trustus.nl, erfrechtplan.nl (updated 12-01-2026), slimgeldbeheer.nl, familiehypotheekoverzicht.nl,
    // accountancyvanmorgen.nl 2026-03-03 (€6,908). One page showing a band of €152,368 uses the 2024 figure: ignored.
    band1UpTo: 158669,
    rates: { I: [10, 20], IA: [18, 36], II: [30, 40] },
    inherit: { partner: 828035, child: 26230, disabledChild: 78671, parent: 62110, other: 2769 },
    gift: { child: 6908, childOneOffGeneral: 33129, childOneOffStudy: 69009, other: 2769 },
    source: 'Successiewet 1956 art. 24, 32, 33; Belastingdienst tarieven en vrijstellingen 2026',
  },
};
