import type { WithholdingCertificateDocument } from '../../store/withholdings.store';

/** Amounts as an Argentine form shows them: $ 1.256,60 (built by hand: it must not depend on the runtime's locale data). */
export function pesos(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `$ ${sign}${whole},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}
const cuit = (digits: string | null) =>
  digits && /^\d{11}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}` : (digits ?? '—');
const day = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

const TAX_NAMES = { ganancias: 'Impuesto a las Ganancias', iva: 'Impuesto al Valor Agregado', iibb: 'Ingresos Brutos' } as const;

export interface CertificateSection {
  title: string;
  rows: Array<[string, string]>;
}

/**
 * What a withholding certificate must say, in order: the agent, the subject, the tax and regime, the number and date,
 * the origin (payment order and invoices), the calculation (for Ganancias the month's accumulated base and the MNSR
 * deducted; for IVA the VAT it is a share of), and the amount withheld. HTML and PDF lay out these same sections.
 */
export function certificateContent(certificate: WithholdingCertificateDocument): { title: string; number: string; sections: CertificateSection[] } {
  const number = String(certificate.number).padStart(8, '0');
  const calculation: Array<[string, string]> =
    certificate.tax === 'ganancias'
      ? [
          ['Base acumulada del mes', pesos(certificate.accumulated_base_cents)],
          ['Mínimo no sujeto a retención deducido', pesos(certificate.non_taxable_cents)],
          ['Importe sujeto a retención', pesos(certificate.taxable_cents)],
          ['Alícuota', certificate.scale_applied ? 'Escala Anexo VIII RG 830' : `${certificate.rate} %`],
        ]
      : [
          [certificate.tax === 'iva' ? 'IVA de los comprobantes pagados' : 'Base imponible', pesos(certificate.base_cents)],
          ['Alícuota', `${certificate.rate ?? 0} %`],
        ];
  return {
    title: `Certificado de retención — ${TAX_NAMES[certificate.tax]}`,
    number,
    sections: [
      {
        title: 'Agente de retención',
        rows: [
          ['Razón social', certificate.agent.name],
          ['CUIT', cuit(certificate.agent.cuit)],
          ['Domicilio', certificate.agent.address ?? '—'],
        ],
      },
      {
        title: 'Sujeto retenido',
        rows: [
          ['Razón social', certificate.subject.name],
          ['CUIT', cuit(certificate.subject.cuit)],
          ['Domicilio', certificate.subject.address ?? '—'],
          ['Condición', certificate.subject.condition === 'inscripto' ? 'Inscripto' : 'No inscripto'],
        ],
      },
      {
        title: 'Retención',
        rows: [
          ['Certificado Nº', number],
          ['Impuesto', TAX_NAMES[certificate.tax]],
          ['Régimen', `${certificate.regime_code} — ${certificate.regime_description}`],
          ['Fecha de la retención', day(certificate.date)],
          ['Orden de pago', certificate.payment_id],
          ['Comprobantes cancelados', certificate.invoices.length ? certificate.invoices.join(', ') : '—'],
          ['Importe pagado', pesos(certificate.amount_paid_cents)],
          ['Base de cálculo de este pago', pesos(certificate.base_cents)],
          ...calculation,
          ['Porcentaje de exclusión', `${certificate.exclusion_percent} %`],
          ['Importe retenido', pesos(certificate.amount_cents)],
        ],
      },
    ],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The certificate as a printable, self-contained HTML page (no scripts, no external resources). */
export function certificateHtml(certificate: WithholdingCertificateDocument): string {
  const { title, number, sections } = certificateContent(certificate);
  const body = sections
    .map(
      (section) =>
        `<section><h2>${escapeHtml(section.title)}</h2><table>${section.rows
          .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join('')}</table></section>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)} Nº ${number}</title>
<style>body{font-family:sans-serif;max-width:46em;margin:2em auto}th{text-align:left;padding-right:2em;font-weight:normal;color:#444}h2{font-size:1.1em;border-bottom:1px solid #999}.firma{margin-top:4em;border-top:1px solid #000;width:20em;text-align:center}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>Nº ${number}</p>
${body}
<p class="firma">Firma y aclaración del responsable del agente de retención</p>
</body></html>
`;
}
