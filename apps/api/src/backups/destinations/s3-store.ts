import type { DestinationSecrets, RemoteStore, S3Settings } from './remote-store.js';

/**
 * An S3-compatible bucket and prefix through the AWS SDK. One PUT is atomic (the object exists
 * whole or not at all). Checksums are sent only when an operation requires them: several
 * S3-compatible servers refuse the SDK's newer default trailers.
 */
export async function s3Store(settings: S3Settings, secrets: DestinationSecrets): Promise<RemoteStore> {
  // The library itself is loaded here too: the server bundle would otherwise load it at start.
  const { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region || 'us-east-1',
    forcePathStyle: settings.force_path_style,
    credentials: {
      accessKeyId: settings.access_key_id,
      secretAccessKey: secrets.secret_access_key ?? '',
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 1,
  });
  const prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
  const Bucket = settings.bucket;
  return {
    async names() {
      const names: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }),
        );
        for (const item of page.Contents ?? []) if (item.Key) names.push(item.Key.slice(prefix.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    async put(name, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: prefix + name,
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/json',
        }),
      );
    },
    async get(name) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: prefix + name }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + name }));
    },
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}
