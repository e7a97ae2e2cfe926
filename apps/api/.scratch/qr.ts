import QRCode from 'qrcode';
import { decodeQrImage } from '../src/qrcode/qrcode.service.js';
const png = await QRCode.toBuffer([{ data: new Uint8Array([0xff, 0xfe, 0xc3]), mode: 'byte' }] as never);
console.log(await decodeQrImage(png));
