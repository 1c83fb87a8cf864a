import { ObjectId } from 'mongodb';
import { certificateContent, certificateHtml, pesos } from '../../src/domain/withholdings/certificate-content';
import { sicoreLine } from '../../src/domain/withholdings/sicore';
import type { WithholdingCertificateDocument, WithholdingDocument } from '../../src/store/withholdings.store';

/**
 * What a withholding puts on paper: the SICORE import record (fields and widths of the SICORE design as the Tryton
 * account_retencion_ar export lays them out: 144 characters) and the certificate's minimum content (agent, subject,
 * tax and régimen, number and date, origin, calculation, amount). Expected text is written by hand from those designs.
 */
const at = new Date('2026-03-03T12:00:00Z');
const withholding = (over: Partial<WithholdingDocument> = {}): WithholdingDocument => ({
  _id: new ObjectId(),
  account_id: new ObjectId(),
  payment_id: 'OP 0001-00000102',
  supplier_id: new ObjectId(),
  supplier_name: 'Servicios Ñandú SRL',
  supplier_cuit: '30712345671',
  supplier_address: 'Av. Corrientes 1234, CABA',
  condition: 'inscripto',
  tax: 'ganancias',
  regime_code: '94',
  regime_description: 'Locaciones de obra y/o servicios',
  sicore_code: '094',
  jurisdiction: null,
  date: '2026-03-03',
  period: '2026-03',
  invoices: ['A-0003-00000002'],
  amount_paid_cents: 80_000_00,
  vat_cents: 0,
  base_cents: 80_000_00,
  accumulated_base_cents: 130_000_00,
  non_taxable_cents: 67_170_00,
  taxable_cents: 62_830_00,
  rate: 2,
  scale_applied: false,
  exclusion_percent: 0,
  computed_total_cents: 1_256_60,
  previously_withheld_cents: 0,
  amount_cents: 1_256_60,
  below_minimum: false,
  journal_entry_id: new ObjectId(),
  certificate_id: null,
  certificate_number: null,
  created_at: at,
  updated_at: at,
  ...over,
});

describe('the SICORE record', () => {
  it('an inscripto under 94: every field in order, 144 characters', () => {
    const expected = [
      '06', // orden de pago
      '03/03/2026',
      '0000000100000102', // the payment order's 12 digits, zero-padded to 16
      '0000000080000,00',
      '217', // Ganancias
      '094',
      '1', // retención
      '00000080000,00',
      '03/03/2026',
      '01', // inscripto
      '0',
      '00000001256,60',
      '000,00',
      '          ',
      '80', // CUIT
      '30712345671         ',
      '00000000000000',
    ].join('');
    expect(expected).toHaveLength(144);
    expect(sicoreLine(withholding())).toBe(expected);
  });

  it('a no inscripto with an exclusion under 116-II: condition 02, régimen 116, the percent with two decimals; no CUIT leaves blanks', () => {
    const line = sicoreLine(
      withholding({
        condition: 'no_inscripto',
        regime_code: '116-II',
        sicore_code: '116',
        exclusion_percent: 12.5,
        supplier_cuit: null,
        date: '2026-11-30',
        payment_id: '1234567890123456789',
      }),
    );
    expect(line).toHaveLength(144);
    expect(line.slice(0, 2)).toBe('06');
    expect(line.slice(2, 12)).toBe('30/11/2026');
    expect(line.slice(12, 28)).toBe('4567890123456789');
    expect(line.slice(47, 50)).toBe('116');
    expect(line.slice(75, 77)).toBe('02');
    expect(line.slice(92, 98)).toBe('012,50');
    expect(line.slice(110, 130)).toBe(' '.repeat(20));
  });

  it('a régimen code is always 3 digits: 94 → 094; a withholding without one (not Ganancias) fills zeros', () => {
    expect(sicoreLine(withholding({ sicore_code: '94' })).slice(47, 50)).toBe('094');
    const none = sicoreLine(withholding({ sicore_code: null }));
    expect([none.length, none.slice(47, 50)]).toEqual([144, '000']);
  });
});

describe('the certificate', () => {
  const certificate = (over: Partial<WithholdingCertificateDocument> = {}): WithholdingCertificateDocument => {
    const doc = withholding();
    return {
      _id: new ObjectId(),
      account_id: doc.account_id,
      number: 7,
      tax: 'ganancias',
      withholding_id: doc._id,
      supplier_id: doc.supplier_id,
      date: doc.date,
      period: doc.period,
      agent: { name: 'Agente Retenedor SA', cuit: '30708884444', address: 'Florida 100, CABA' },
      subject: { name: doc.supplier_name, cuit: doc.supplier_cuit, address: doc.supplier_address, condition: 'inscripto' },
      regime_code: '94',
      regime_description: 'Locaciones de obra y/o servicios',
      payment_id: doc.payment_id,
      invoices: doc.invoices,
      amount_paid_cents: doc.amount_paid_cents,
      base_cents: doc.base_cents,
      accumulated_base_cents: doc.accumulated_base_cents,
      non_taxable_cents: doc.non_taxable_cents,
      taxable_cents: doc.taxable_cents,
      rate: 2,
      scale_applied: false,
      exclusion_percent: 0,
      amount_cents: 1_256_60,
      created_at: at,
      updated_at: at,
      ...over,
    };
  };

  it('amounts as an Argentine form shows them', () => {
    expect(pesos(1_256_60)).toBe('$ 1.256,60');
    expect(pesos(123_456_789_05)).toBe('$ 123.456.789,05');
    expect(pesos(5)).toBe('$ 0,05');
    expect(pesos(-1_000_00)).toBe('$ -1.000,00');
    expect(pesos(0)).toBe('$ 0,00');
  });

  it('a Ganancias certificate: agent, subject, régimen, number, origin, the month’s base less the MNSR, the rate, the amount', () => {
    const { title, number, sections } = certificateContent(certificate());
    expect(title).toBe('Certificado de retención — Impuesto a las Ganancias');
    expect(number).toBe('00000007');
    expect(sections).toEqual([
      {
        title: 'Agente de retención',
        rows: [
          ['Razón social', 'Agente Retenedor SA'],
          ['CUIT', '30-70888444-4'],
          ['Domicilio', 'Florida 100, CABA'],
        ],
      },
      {
        title: 'Sujeto retenido',
        rows: [
          ['Razón social', 'Servicios Ñandú SRL'],
          ['CUIT', '30-71234567-1'],
          ['Domicilio', 'Av. Corrientes 1234, CABA'],
          ['Condición', 'Inscripto'],
        ],
      },
      {
        title: 'Retención',
        rows: [
          ['Certificado Nº', '00000007'],
          ['Impuesto', 'Impuesto a las Ganancias'],
          ['Régimen', '94 — Locaciones de obra y/o servicios'],
          ['Fecha de la retención', '03/03/2026'],
          ['Orden de pago', 'OP 0001-00000102'],
          ['Comprobantes cancelados', 'A-0003-00000002'],
          ['Importe pagado', '$ 80.000,00'],
          ['Base de cálculo de este pago', '$ 80.000,00'],
          ['Base acumulada del mes', '$ 130.000,00'],
          ['Mínimo no sujeto a retención deducido', '$ 67.170,00'],
          ['Importe sujeto a retención', '$ 62.830,00'],
          ['Alícuota', '2 %'],
          ['Porcentaje de exclusión', '0 %'],
          ['Importe retenido', '$ 1.256,60'],
        ],
      },
    ]);
  });

  it('the scale, a no inscripto without CUIT or address, no invoices; IVA shows the VAT it is a share of; IIBB its base', () => {
    const scale = certificateContent(
      certificate({
        scale_applied: true,
        rate: null,
        invoices: [],
        agent: { name: 'A', cuit: '307088844412', address: null },
        subject: { name: 'B', cuit: null, address: null, condition: 'no_inscripto' },
      }),
    );
    const rows = Object.fromEntries(scale.sections.flatMap((section) => section.rows.map(([label, value]) => [`${section.title}/${label}`, value])));
    expect(rows).toMatchObject({
      // Twelve digits are no CUIT: shown as they are.
      'Agente de retención/CUIT': '307088844412',
      'Agente de retención/Domicilio': '—',
      'Sujeto retenido/CUIT': '—',
      'Sujeto retenido/Domicilio': '—',
      'Sujeto retenido/Condición': 'No inscripto',
      'Retención/Comprobantes cancelados': '—',
      'Retención/Alícuota': 'Escala Anexo VIII RG 830',
    });
    const two = certificateContent(certificate({ invoices: ['A-0003-00000002', 'A-0003-00000003'] }));
    expect(two.sections[2].rows[5]).toEqual(['Comprobantes cancelados', 'A-0003-00000002, A-0003-00000003']);
    const iva = certificateContent(certificate({ tax: 'iva', rate: 80, base_cents: 21_000_00 }));
    expect(iva.title).toBe('Certificado de retención — Impuesto al Valor Agregado');
    expect(iva.sections[2].rows.slice(8, 10)).toEqual([
      ['IVA de los comprobantes pagados', '$ 21.000,00'],
      ['Alícuota', '80 %'],
    ]);
    const iibb = certificateContent(certificate({ tax: 'iibb', rate: null, base_cents: 100_000_00 }));
    expect(iibb.title).toBe('Certificado de retención — Ingresos Brutos');
    expect(iibb.sections[2].rows.slice(8, 10)).toEqual([
      ['Base imponible', '$ 100.000,00'],
      ['Alícuota', '0 %'],
    ]);
  });

  it('prints as a self-contained HTML page with every row, its text escaped', () => {
    const html = certificateHtml(certificate({ subject: { name: `<b>"O'Hara" & Co</b>`, cuit: null, address: null, condition: 'inscripto' } }));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Certificado de retención — Impuesto a las Ganancias Nº 00000007</title>');
    expect(html).toContain('<h1>Certificado de retención — Impuesto a las Ganancias</h1><p>Nº 00000007</p>');
    expect(html).toContain('<tr><th>Razón social</th><td>&lt;b&gt;&quot;O&#39;Hara&quot; &amp; Co&lt;/b&gt;</td></tr>');
    expect(html).toContain('<section><h2>Agente de retención</h2><table><tr><th>Razón social</th><td>Agente Retenedor SA</td></tr>');
    expect(html).toContain('<tr><th>Importe retenido</th><td>$ 1.256,60</td></tr></table></section>');
    expect(html).toContain('<td>Florida 100, CABA</td></tr></table></section>\n<section><h2>Sujeto retenido</h2>');
    expect(html).toContain('<td>Agente Retenedor SA</td></tr><tr><th>CUIT</th><td>30-70888444-4</td></tr>');
    expect(html).not.toContain('<script');
  });
});
