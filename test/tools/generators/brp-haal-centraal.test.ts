/**
 * format haal-centraal: every generated person validates against the
 * `Persoon` schema of the BRP API Personen OpenAPI (in-repo copy in
 * test/vectors/haal-centraal/), checked with Ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1); see haal-centraal-schema.ts for how the validator
 * is made strict.
 */
import { describe, expect, it } from 'vitest';
import tool from '../../../tools/generators/brp-test-data-generator.js';
import { LIFE_EVENTS } from '../../../tools/generators/brp/options.js';
import { runTool } from '../../helpers/run.js';
import { persoonValidator } from './haal-centraal-schema.js';

describe('format haal-centraal', () => {
  const validate = persoonValidator();

  it('the strict validator rejects what the API does not define', () => {
    expect(validate({ burgerservicenummer: '999993653', naam: { geslachtsnaam: 'Jansen' } })).toBe(true);
    expect(validate({ burgerservicenummer: '999993653', lifeEvent: 'plain' })).toBe(false);
    expect(validate({ verblijfplaats: { type: 'Adres', verblijfadres: { postcode: '1234AB' } } })).toBe(true);
    expect(validate({ verblijfplaats: { type: 'Adres', verblijfadres: { regel1: 'x' } } })).toBe(false);
    expect(validate({ verblijfplaats: { type: 'Adres', verblijfadres: { huisnummer: '12' } } })).toBe(false);
    expect(validate({ geboorte: { datum: { type: 'Datum', datum: '2020-02-30x', langFormaat: '30 februari 2020' } } })).toBe(false);
  });

  it('every generated person of every life event validates against the OpenAPI Persoon schema', async () => {
    let validated = 0;
    const types = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const out = await runTool(tool, {
        format: 'haal-centraal',
        options: {
          count: 200,
          seed: 700 + i,
          includeParents: i % 2 === 0,
          maxChildren: 4,
          pctExoticNames: 40,
          pctExoticStreets: 40,
          referenceYear: [2027, 1990, 2099][i % 3],
          eventMix: Object.fromEntries(LIFE_EVENTS.map((e) => [e, 1])),
        },
      });
      expect(out.personen).toHaveLength(200);
      expect(out.lifeEvents).toHaveLength(200);
      for (const p of out.personen) {
        const ok = validate(p);
        expect(ok, `${p.burgerservicenummer}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        types.add(p.verblijfplaats.type);
        validated++;
      }
    }
    console.log(`haal-centraal: ${validated} persons validated against the OpenAPI Persoon schema`);
    expect(validated).toBe(2400);
    expect([...types].sort()).toEqual(['Adres', 'VerblijfplaatsBuitenland']);
  });

  it('maps the groups: naam, geboorte, partners, kinderen, ouders, nationaliteiten, dates, geheimhouding, inOnderzoek', async () => {
    const json = (await runTool(tool, { options: { count: 150, seed: 4, includeParents: true } })).people;
    const hc = (await runTool(tool, { format: 'haal-centraal', options: { count: 150, seed: 4, includeParents: true } })).personen;
    json.forEach((p: any, i: number) => {
      const h = hc[i];
      expect(h.burgerservicenummer).toBe(p.bsn);
      expect(h.naam.geslachtsnaam).toBe(p.lastName);
      expect(h.geboorte.datum).toMatchObject({
        type: 'Datum',
        datum: `${p.dateOfBirth.slice(0, 4)}-${p.dateOfBirth.slice(4, 6)}-${p.dateOfBirth.slice(6)}`,
      });
      expect(h.partners.map((x: any) => x.burgerservicenummer)).toEqual(p.partnerships.map((x: any) => x.partner.bsn));
      expect(h.partners.map((x: any) => x.soortVerbintenis.code)).toEqual(p.partnerships.map((x: any) => x.type));
      expect(h.kinderen.map((x: any) => x.burgerservicenummer)).toEqual(p.children.map((x: any) => x.bsn));
      expect(h.ouders.map((x: any) => x.ouderAanduiding)).toEqual(['1', '2']);
      expect(h.nationaliteiten[0].nationaliteit.code).toBe(p.nationalities[0].nationality);
      expect(h.geheimhoudingPersoonsgegevens ?? false).toBe(p.registration.confidentiality !== '0');
      if (p.address.investigationData) expect(h.verblijfplaats.inOnderzoek ?? h.verblijfplaats.verblijfadres.inOnderzoek).toBeDefined();
      expect(h.verblijfplaats.type).toBe(p.address.country ? 'VerblijfplaatsBuitenland' : 'Adres');
    });
  });
});
