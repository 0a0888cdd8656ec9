/**
 * The QR code of an otpauth:// address as inline SVG, drawn on the server: the secret never
 * leaves the page for a QR service, and the page needs no script to show it.
 */
export async function qrSvg(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode') // on first use: only staff setting up a second factor need it
  return QRCode.toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
}
