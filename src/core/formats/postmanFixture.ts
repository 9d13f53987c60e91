/**
 * A realistic Postman Collection v2.1 for the importer's and exporter's specifications:
 * folders in folders, auth at collection, folder and request level (with `noauth` and
 * inheritance), bodies of every mode Wirebench carries over, variables (one disabled),
 * path variables, disabled headers and query parameters, descriptions, scripts and saved
 * responses. Written as Postman writes it.
 */
export const POSTMAN_SHOP_COLLECTION = {
  info: {
    _postman_id: '5c7a0b1e-1f3d-4d7e-9a51-0a8c3e2f4b6d',
    name: 'Shop API',
    description: 'The demo shop: catalogue, orders and uploads.',
    schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
  },
  auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{accessToken}}', type: 'string' }] },
  event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: ['console.log(1)'] } }],
  variable: [
    { key: 'baseUrl', value: 'https://shop.example.test/v1', type: 'string' },
    { key: 'accessToken', value: 'tok-123', type: 'string' },
    { key: 'legacy', value: 'x', type: 'string', disabled: true },
  ],
  item: [
    {
      name: 'Catalogue',
      description: 'Products and search.',
      item: [
        {
          name: 'List products',
          request: {
            method: 'GET',
            header: [
              { key: 'Accept', value: 'application/json' },
              { key: 'X-Debug', value: '1', disabled: true },
            ],
            url: {
              raw: '{{baseUrl}}/products?page=2&sort=name',
              host: ['{{baseUrl}}'],
              path: ['products'],
              query: [
                { key: 'page', value: '2' },
                { key: 'sort', value: 'name' },
                { key: 'q', value: 'draft', disabled: true },
              ],
            },
            description: 'Pages of 20.',
          },
          response: [{ name: 'OK', code: 200, body: '[]' }],
        },
        {
          name: 'Get product',
          request: {
            method: 'GET',
            header: [],
            url: { raw: '{{baseUrl}}/products/:productId', host: ['{{baseUrl}}'], path: ['products', ':productId'], variable: [{ key: 'productId', value: '42' }] },
          },
        },
        {
          name: 'Search (XML)',
          request: {
            method: 'POST',
            header: [{ key: 'Content-Type', value: 'application/xml' }],
            body: { mode: 'raw', raw: '<search><term>mug</term></search>', options: { raw: { language: 'xml' } } },
            url: '{{baseUrl}}/search',
          },
        },
      ],
    },
    {
      name: 'Orders',
      auth: { type: 'basic', basic: [{ key: 'username', value: 'clerk', type: 'string' }, { key: 'password', value: 'pa:ss', type: 'string' }] },
      item: [
        {
          name: 'Create order',
          event: [{ listen: 'test', script: { exec: ['pm.test("ok")'] } }],
          request: {
            method: 'POST',
            header: [{ key: 'Content-Type', value: 'application/json' }],
            body: { mode: 'raw', raw: '{\n  "sku": "MUG-1",\n  "qty": 2\n}', options: { raw: { language: 'json' } } },
            url: { raw: '{{baseUrl}}/orders', host: ['{{baseUrl}}'], path: ['orders'] },
          },
        },
        {
          name: 'Checkout form',
          request: {
            method: 'POST',
            header: [],
            body: {
              mode: 'urlencoded',
              urlencoded: [
                { key: 'card', value: '4111 1111', type: 'text' },
                { key: 'coupon', value: 'SAVE', type: 'text', disabled: true },
              ],
            },
            url: '{{baseUrl}}/checkout',
          },
          protocolProfileBehavior: { followRedirects: false },
        },
        {
          name: 'Public status',
          request: { auth: { type: 'noauth' }, method: 'GET', header: [], url: 'https://status.example.test/health' },
          protocolProfileBehavior: { strictSSL: false },
        },
        {
          name: 'Partner feed',
          request: {
            auth: { type: 'apikey', apikey: [{ key: 'key', value: 'X-Partner-Key' }, { key: 'value', value: 'pk-9' }, { key: 'in', value: 'header' }] },
            method: 'GET',
            header: [],
            url: '{{baseUrl}}/feed',
          },
        },
        {
          name: 'Archive',
          item: [{ name: 'Old orders', request: { method: 'GET', url: '{{baseUrl}}/orders?archived=true', header: [] } }],
        },
      ],
    },
    {
      name: 'Upload photo',
      request: {
        method: 'POST',
        header: [],
        body: {
          mode: 'formdata',
          formdata: [
            { key: 'caption', value: 'A mug', type: 'text' },
            { key: 'meta', value: '{"w":1}', type: 'text', contentType: 'application/json' },
            { key: 'photo', type: 'file', src: '/Users/ada/Pictures/mug.jpg' },
          ],
        },
        url: '{{baseUrl}}/photos',
      },
    },
    {
      name: 'Replace manual',
      request: { method: 'PUT', header: [{ key: 'Content-Type', value: 'application/pdf' }], body: { mode: 'file', file: { src: 'manual.pdf' } }, url: '{{baseUrl}}/manual' },
    },
    {
      name: 'Plain note',
      request: { method: 'POST', header: [], body: { mode: 'raw', raw: 'hello', options: { raw: { language: 'text' } } }, url: '{{baseUrl}}/notes' },
    },
  ],
};
