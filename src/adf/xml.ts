import { SaxesParser } from 'saxes'

import { AdfError } from './errors'

/** An element of a parsed document: its lower-cased name, attributes, text and children. */
export type XmlElement = {
  attrs: Record<string, string>
  children: XmlElement[]
  line: number
  name: string
  /** Its own text (and CDATA), not its children's, as written. */
  text: string
}

export type XmlLimits = { maxBytes: number; maxDepth: number }

const decoder = new TextDecoder('utf-8', { fatal: true })

/** saxes prefixes its messages with "line:column: ". */
const SAXES_PLACE = /^(\d+):(\d+): (.*)$/s

/**
 * Parses an XML document into elements, refusing what a lead source never needs and an attacker
 * would use: a document type declaration with an internal subset (entity definitions: billion
 * laughs, external entities) is refused, and no DTD is ever read or fetched (saxes has no such
 * feature); an entity other than XML's five and character references is an error. Bytes over
 * `maxBytes` are a 413 before anything is parsed; nesting deeper than `maxDepth` is a 400 at the
 * element that passes it.
 */
export const parseXml = (input: Buffer | string, { maxBytes, maxDepth }: XmlLimits): XmlElement => {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input) : input.length
  if (bytes > maxBytes)
    throw new AdfError(413, `the document is ${bytes} bytes, more than the ${maxBytes} accepted`)
  let text: string
  try {
    text = typeof input === 'string' ? input : decoder.decode(input)
  } catch {
    throw new AdfError(400, 'the document is not valid UTF-8')
  }
  const parser = new SaxesParser({ position: true })
  const stack: XmlElement[] = []
  let root: undefined | XmlElement
  let lastName = 'document'
  const stop = (message: string, element = stack.at(-1)?.name ?? lastName): never => {
    throw new AdfError(400, message, { element, line: parser.line })
  }
  parser.on('doctype', (doctype) => {
    if (/[[<]|ENTITY/i.test(doctype))
      stop('a document type declaration with entity definitions is not accepted', '!DOCTYPE')
  })
  parser.on('opentag', (tag) => {
    const name = tag.name.toLowerCase()
    lastName = name
    if (stack.length >= maxDepth) stop(`elements are nested more than ${maxDepth} deep`, name)
    const element: XmlElement = {
      attrs: Object.fromEntries(
        Object.entries(tag.attributes as Record<string, string>).map(([key, value]) => [
          key.toLowerCase(),
          value,
        ]),
      ),
      children: [],
      line: parser.line,
      name,
      text: '',
    }
    const parent = stack.at(-1)
    if (parent) parent.children.push(element)
    else root = element
    if (!tag.isSelfClosing) stack.push(element)
  })
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop()
  })
  const addText = (value: string) => {
    const current = stack.at(-1)
    if (current) current.text += value
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('error', (error) => {
    const match = SAXES_PLACE.exec(error.message)
    const line = match ? Number(match[1]) : parser.line
    const message = (match ? match[3] : error.message).replace(/\.$/, '')
    throw new AdfError(400, `not well-formed XML: ${message}`, {
      element: stack.at(-1)?.name ?? lastName,
      line,
    })
  })
  parser.write(text).close()
  if (!root) throw new AdfError(400, 'the document has no root element')
  return root
}

/** The element's text, whitespace at either end removed. */
export const textOf = (element: undefined | XmlElement): string => element?.text.trim() ?? ''

/** Its children named `name`. */
export const childrenNamed = (element: XmlElement, name: string): XmlElement[] =>
  element.children.filter((child) => child.name === name)

/** Its first child named `name`. */
export const childNamed = (element: XmlElement, name: string): undefined | XmlElement =>
  element.children.find((child) => child.name === name)
