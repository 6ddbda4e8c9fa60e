import type { RenderedMessage } from '@licensure/contracts';
import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { pdfText } from '../../platform/pdf/text';

const styles = StyleSheet.create({
  page: { fontFamily: 'Helvetica', fontSize: 11, color: '#1a1a1a', padding: 72, lineHeight: 1.4 },
  sender: { fontFamily: 'Helvetica-Bold', fontSize: 13 },
  address: { fontSize: 9, color: '#444444', marginBottom: 24 },
  subject: { fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 12 },
  paragraph: { marginBottom: 8 },
});

/** A merged message as a printed letter: the enterprise's letterhead, the subject, the text's paragraphs. */
function Letter({ sender, address, message }: { sender: string; address: string; message: RenderedMessage }) {
  const paragraphs = message.text.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return (
    <Document title={pdfText(message.subject)} creator="Licensure" producer="Licensure">
      <Page size="LETTER" style={styles.page} wrap>
        <View>
          <Text style={styles.sender}>{pdfText(sender)}</Text>
          {address ? <Text style={styles.address}>{pdfText(address)}</Text> : null}
        </View>
        <Text style={styles.subject}>{pdfText(message.subject)}</Text>
        {paragraphs.map((p, i) => (
          // Paragraphs have no identity of their own beyond their place in the letter.
          // biome-ignore lint/suspicious/noArrayIndexKey: static content, never reordered
          <Text key={i} style={styles.paragraph}>
            {pdfText(p)}
          </Text>
        ))}
      </Page>
    </Document>
  );
}

export function renderLetterPdf(sender: string, address: string, message: RenderedMessage): Promise<Buffer> {
  return renderPdf(<Letter sender={sender} address={address} message={message} />);
}
