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
  };
  /** Why AOW age is refused for this year, when `aow` is null. */
  aowMissing?: string;
  source: string;
}

/**
 * Box 1 (inkomstenbelasting + premies volksverzekeringen), algemene heffingskorting, arbeidskorting.
 */
export const BOX1: Record<number, Box1Year> = {
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
    // The 2025 AOW-age arbeidskorting build-up (the percentages below €43,071) was not found in any source read.
    aow: null,
    aowMissing: 'the 2025 AOW-age labour-credit table could not be sourced',
    source: 'Belastingdienst: box 1 tarieven 2025, Tabel algemene heffingskorting 2025, Tabel arbeidskorting 2025',
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
    },
    source: 'Belastingdienst: Rekenvoorschriften loonadministratie 2026 (tabel 2, 3, 4, 6); Tabel arbeidskorting 2026',
  },
};

/**
 * 30% ruling (Wet LB 1964 art. 31a; Uitvoeringsbesluit loonbelasting 1965): salary norm
 * (taxable wage, i.e. after the tax-free allowance, must be MORE than the norm), the cap (WNT general norm:
 * the allowance is at most pct% of the WNT norm), the percentage.
 */
export const THIRTY_PERCENT: Record<number, { normStandard: number; normYoungMaster: number; wntCap: number; pct: number; source: string }> = {
  2025: {
    // Norms €46,660 / €35,468: Belastingdienst Nieuwsbrief Loonheffingen 2025; [B] EY (domain notes §3.5),
    // stevermeister/dutch-tax-income-calculator-npm data.json. WNT 2025 €246,000 (topinkomens.nl; same sources).
    normStandard: 46660,
    normYoungMaster: 35468,
    wntCap: 246000,
    pct: 30, // Belastingplan 2025: 30% in 2025 and 2026, 27% from 2027 (EY, Loyens & Loeff; domain notes §3.5)
    source: 'Belastingdienst Nieuwsbrief Loonheffingen 2025 (salary norms); WNT algemeen bezoldigingsmaximum 2025',
  },
  2026: {
    // Norms €48,013 / €36,497: Belastingdienst Nieuwsbrief Loonheffingen 2026, as quoted by crop.nl (30 Dec 2025)
    // and slimgeldbeheer.nl, data.json above. WNT 2026 €262,000: art. 2.3 WNT, Staatscourant 2025-27439,
    // rijksoverheid.nl "Topinkomens (semi)publieke instellingen" (quoted in ConductionNL/humaniq; AWVN, Law & Pepper).
    normStandard: 48013,
    normYoungMaster: 36497,
    wntCap: 262000,
    pct: 30,
    source: 'Belastingdienst Nieuwsbrief Loonheffingen 2026 (salary norms); WNT 2026 (Stcrt. 2025-27439)',
  },
  // 2027: 27%, and the norms rise beyond indexation (law: €50,436 / €38,338 at 2024 price level, indexed) – the
  // indexed 2027 amounts and the 2027 WNT norm are not published yet: refused.
};

/** Maximum number of months of a 30% ruling (Uitvoeringsbesluit loonbelasting 1965; domain notes §3.5). */
export const THIRTY_PERCENT_MAX_MONTHS = 60;

/**
 * Vakantiebijslag: Wet minimumloon en minimumvakantiebijslag (WML) art. 15 lid 1: at least 8% of the wage.
 * The percentage is written in the law (not indexed); listed per year so an unknown year is still refused.
 */
export const HOLIDAY_ALLOWANCE: Record<number, { minPercent: number; source: string }> = Object.fromEntries(
  [2024, 2025, 2026, 2027].map((y) => [
    y,
    { minPercent: 8, source: 'Wet minimumloon en minimumvakantiebijslag art. 15 lid 1 (https://wetten.overheid.nl/BWBR0002638)' },
  ]),
);

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
 * 2026: refused – sources read disagree (€0.23 in several payroll configurations and a CAO text, €0.25 in
 * two others); no official text for 2026 could be read.
 */
export const MILEAGE: Record<number, { perKm: number; source: string }> = {
  // €0.21 from 1 Jan 2023 (Belastingplan 2023): accountancyvanmorgen.nl 2023-09, autoweek.nl, tubantia.nl.
  2023: { perKm: 0.21, source: 'Wet LB 1964 art. 31a lid 2 onder b (Belastingplan 2023: € 0,21)' },
  // €0.23 from 1 Jan 2024 (Belastingplan 2024, wetsvoorstel 18-09-2023): accountancyvanmorgen.nl, jacc.nl/berveling.nl.
  2024: { perKm: 0.23, source: 'Wet LB 1964 art. 31a lid 2 onder b (Belastingplan 2024: € 0,23)' },
  // Unchanged in 2025 (no amendment in Belastingplan 2025); domain notes §3.6 [B].
  2025: { perKm: 0.23, source: 'Wet LB 1964 art. 31a lid 2 onder b (€ 0,23, unchanged since 2024)' },
};
export const MILEAGE_REFUSED: Record<number, string> = {
  2026: 'the 2026 rate could not be confirmed from an official source (published figures disagree: € 0.23 vs € 0.25)',
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

export const INHERITANCE_GIFT: Record<number, InheritanceGiftYear> = {
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
