import type { CredentialView } from '@licensure/contracts';
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import { pdfText } from '../../platform/pdf/text';

export interface CertificateData {
  enterpriseName: string;
  /** The credential as the presenter shows it everywhere (credential-presenter.ts). */
  credential: CredentialView;
  /** The public verification page of this credential with its signed statement; the QR code opens it. */
  verifyUrl: string;
  /** The verification page by number, printed for those who type it (the signed address is too long to). */
  lookupUrl: string;
}

const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: 'Helvetica', fontSize: 12, color: '#111' },
  border: { border: '3pt solid #1d3557', padding: 36, flexGrow: 1 },
  enterprise: { fontSize: 14, textAlign: 'center', letterSpacing: 1 },
  title: { fontSize: 28, fontFamily: 'Helvetica-Bold', textAlign: 'center', marginTop: 18 },
  certifies: { fontSize: 12, textAlign: 'center', marginTop: 24 },
  holder: { fontSize: 24, fontFamily: 'Helvetica-Bold', textAlign: 'center', marginTop: 8 },
  level: { fontSize: 16, textAlign: 'center', marginTop: 12 },
  facts: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 36, alignItems: 'flex-end' },
  fact: { fontSize: 11, marginBottom: 4 },
  qr: { width: 110, height: 110 },
  verify: { fontSize: 8, marginTop: 4, maxWidth: 220 },
  card: { padding: 10, fontFamily: 'Helvetica', fontSize: 7 },
  cardTitle: { fontSize: 9, fontFamily: 'Helvetica-Bold' },
  cardRow: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 6 },
  cardQr: { width: 72, height: 72 },
});

const words = (date: string | null) => {
  if (!date) return '—';
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
};

async function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
}

/** A letter-size certificate: who holds what, the dates, and a QR code to the public verification. */
export async function certificateDocument({
  enterpriseName,
  credential: c,
  verifyUrl,
  lookupUrl,
}: CertificateData) {
  const qr = await qrPng(verifyUrl);
  return (
    <Document title={pdfText(`${c.title} ${c.number}`)} author={pdfText(enterpriseName)}>
      <Page size="LETTER" orientation="landscape" style={styles.page}>
        <View style={styles.border}>
          <Text style={styles.enterprise}>{pdfText(enterpriseName)}</Text>
          <Text style={styles.title}>{pdfText(c.title)}</Text>
          <Text style={styles.certifies}>This certifies that</Text>
          <Text style={styles.holder}>{pdfText(c.holder_name ?? '')}</Text>
          {c.level_label ? (
            <Text style={styles.level}>{pdfText(`holds the level ${c.level_label}`)}</Text>
          ) : null}
          <View style={styles.facts}>
            <View>
              <Text style={styles.fact}>{pdfText(`Number: ${c.number}`)}</Text>
              <Text style={styles.fact}>{pdfText(`Status: ${c.status_label}`)}</Text>
              <Text style={styles.fact}>{`Issued: ${words(c.issue_date)}`}</Text>
              <Text style={styles.fact}>{`Expires: ${words(c.expiration_date)}`}</Text>
            </View>
            <View>
              <Image style={styles.qr} src={{ data: qr, format: 'png' }} />
              <Text style={styles.verify}>{pdfText(`Verify: ${lookupUrl}`)}</Text>
            </View>
          </View>
        </View>
      </Page>
    </Document>
  );
}

/** A wallet card (ID-1 size, 3.375 by 2.125 inches) with the same facts and QR code. */
export async function walletCardDocument({ enterpriseName, credential: c, verifyUrl }: CertificateData) {
  const qr = await qrPng(verifyUrl);
  return (
    <Document title={pdfText(`${c.title} ${c.number} card`)} author={pdfText(enterpriseName)}>
      <Page size={[243, 153]} style={styles.card}>
        <Text style={styles.cardTitle}>{pdfText(enterpriseName)}</Text>
        <Text>{pdfText(c.title)}</Text>
        <View style={styles.cardRow}>
          <View>
            <Text style={styles.cardTitle}>{pdfText(c.holder_name ?? '')}</Text>
            {c.level_label ? <Text>{pdfText(c.level_label)}</Text> : null}
            <Text>{pdfText(`No. ${c.number}`)}</Text>
            <Text>{`Expires ${words(c.expiration_date)}`}</Text>
            <Text>{pdfText(c.status_label)}</Text>
          </View>
          <Image style={styles.cardQr} src={{ data: qr, format: 'png' }} />
        </View>
      </Page>
    </Document>
  );
}
