/** Every image drawn in a PDF, as RGBA pixels (pdf.js decodes them; nothing is rendered), e.g. for a QR decoder. */
export async function pdfImages(bytes: Uint8Array) {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(bytes), isOffscreenCanvasSupported: false, verbosity: 0 })
    .promise
  const images: { width: number; height: number; rgba: Uint8ClampedArray }[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    const ops = await page.getOperatorList()
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== OPS.paintImageXObject) continue
      const name = ops.argsArray[i][0] as string
      const img = await new Promise<{ width: number; height: number; kind: number; data: Uint8ClampedArray }>((done) =>
        page.objs.get(name, done),
      )
      const channels = img.data.length / (img.width * img.height)
      const rgba = new Uint8ClampedArray(img.width * img.height * 4)
      for (let p = 0; p < img.width * img.height; p++) {
        for (let c = 0; c < 3; c++) rgba[p * 4 + c] = img.data[p * channels + (channels >= 3 ? c : 0)]!
        rgba[p * 4 + 3] = 255
      }
      images.push({ width: img.width, height: img.height, rgba })
    }
  }
  await doc.destroy()
  return images
}
