import type { ParsedMail } from 'mailparser'

/** An attachment the mailbox reads as ADF: named .xml or .adf, or typed as XML. */
const ADF_NAME = /\.(xml|adf)$/i
const XML_TYPE = /^(application|text)\/([\w.+-]+\+)?xml$/i

/** The ADF documents of a message, or why it has none. */
export type Documents = { documents: Buffer[] } | { reason: string }

/**
 * Where a message carries ADF: every XML attachment (lead sources that attach the document), or
 * else its text body (those that send the document as the message, text/plain or text/xml). A
 * body's document runs from `<?xml` or `<adf` to the last `</adf>`: signatures and notes some
 * senders add around it are left out.
 */
export const adfDocuments = (mail: ParsedMail): Documents => {
  const attached = mail.attachments.filter(
    (attachment) =>
      ADF_NAME.test(attachment.filename ?? '') || XML_TYPE.test(attachment.contentType ?? ''),
  )
  if (attached.length) return { documents: attached.map((attachment) => attachment.content) }
  const text = mail.text ?? ''
  const start = text.search(/<\?xml|<adf[\s>]/i)
  const end = text.toLowerCase().lastIndexOf('</adf>')
  if (start >= 0 && end > start)
    return { documents: [Buffer.from(text.slice(start, end + '</adf>'.length), 'utf8')] }
  if (start >= 0) return { documents: [Buffer.from(text.slice(start), 'utf8')] }
  return {
    reason:
      'no ADF document: neither an .xml, .adf or XML attachment nor an ADF document in the text body',
  }
}
