import type { MessageKey } from './messages.en.js';

/**
 * Japanese server messages, phrased like Laravel's Japanese lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const ja: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': ':attributeは必須です。',
  'validation.present': ':attributeが存在している必要があります。',
  'validation.required_without': ':valuesが存在しない場合、:attributeは必須です。',
  'validation.string': ':attributeは文字列でなければなりません。',
  'validation.integer': ':attributeは整数でなければなりません。',
  'validation.numeric': ':attributeは数値でなければなりません。',
  'validation.boolean': ':attributeは true か false でなければなりません。',
  'validation.array': ':attributeは配列でなければなりません。',
  'validation.email': ':attributeは有効なメールアドレスでなければなりません。',
  'validation.date': ':attributeは有効な日付でなければなりません。',
  'validation.alpha': ':attributeには文字のみ使用できます。',
  'validation.in': '選択された:attributeは無効です。',
  'validation.unique': ':attributeはすでに使用されています。',
  'validation.regex': ':attributeの形式が正しくありません。',
  'validation.confirmed': ':attributeの確認が一致しません。',
  'validation.between': ':attributeは:minから:maxの間でなければなりません。',
  'validation.min.numeric': ':attributeは:min以上でなければなりません。',
  'validation.min.string': ':attributeは:min文字以上でなければなりません。',
  'validation.max.numeric': ':attributeは:max以下でなければなりません。',
  'validation.max.string': ':attributeは:max文字以下でなければなりません。',
  'validation.max.file': ':attributeは:maxキロバイト以下でなければなりません。',
  'validation.distinct': ':attributeに重複した値があります。',
  'validation.scalar': ':attributeは文字列、数値、または真偽値でなければなりません。',
  'validation.file': ':attributeはファイルでなければなりません。',
  'validation.image': ':attributeは画像でなければなりません。',
  'validation.no_colon': ':attributeにコロンを含めることはできません。',
  'validation.otpauth_uri': ':attributeは有効な otpauth URI ではありません。',
  'validation.base32': ':attributeは base32 でエンコードされた文字列でなければなりません。',
  'validation.otp_type': ':attributeには対応していません。',
  'validation.uri_label': 'URI にはラベルが必要です。',
  'validation.ids': 'ID はカンマ区切りで、末尾にカンマを付けないでください。',
  'validation.image_format': '対応している形式は jpeg、png、bmp、gif、svg、webp です。',
  'validation.email_not_found': 'このメールアドレスのアカウントは見つかりません。',
  'validation.first_user': 'すでに登録済みのユーザーがいます',
  'validation.icon_pack': 'サーバーにアイコンパックが見つかりません。',
  'validation.idempotency_key_reused': ':attribute は別のリクエストで既に使用されています。',
  'validation.and_more_error': '（ほか:count件のエラー）',
  'validation.and_more_errors': '（ほか:count件のエラー）',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'ログイン試行回数が多すぎます。:seconds秒後にもう一度お試しください。',
  'error.demo_disabled': 'デモモードではこの機能は無効です',
  'error.untrusted_proxy': 'リクエストが信頼されたプロキシから送信されていません',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'データが大きすぎます',
  'error.unsupported_media_type': '対応していないメディアタイプです',
  'error.service_unavailable': 'サービスを利用できません',
  'error.method_not_allowed':
    ':method メソッドはルート :route では使用できません。使用できるメソッド: :methods。',
  'error.malformed_json': 'JSON の本文が不正です',
  'error.malformed_multipart': 'multipart の本文が不正です',
  'error.too_many_ids': 'クエリパラメーターの ID が多すぎます（最大 100 件）',
  'error.cannot_decipher':
    'シークレットを復号できません。主な原因は、暗号化キーの誤りか、データベースに保存されたデータの破損です。',
  'error.invalid_base32_secret': '有効な base32 エンコードのシークレットではありません',
  'error.invalid_otp_parameters': 'OTP のパラメーターが無効です',
  'error.unsupported_otp_type': '対応していない OTP の種類です',
  'error.unable_to_decrypt_uri': 'URI を復号できません',
  'error.qr_not_found': '画像から QR コードを検出できません。画像をトリミングしてみてください',
  'error.qr_unreadable': '読み取れる QR コードがありません',
  'error.migration_unreadable': ':app のデータが無効か、読み取れません',
  'error.migration_no_format': 'データが対応しているどの形式にも一致しません',
  'error.migration_encrypted': '読み取れません。データは暗号化されているようです',
  'error.migration_wrong_password': 'パスワードが違うため、:app のデータを復号できません',
  'error.migration_unsupported_encryption': ':app の暗号化設定には対応していません',
  'error.migration_unsupported_cipher': ':app の暗号化設定には対応していません: :cipher 暗号は読み取れません',
  'error.migration_use_export':
    'これは :app の暗号化されたデータベースのようで、読み取れません。:app からアカウントをファイルにエクスポートし、そのファイルをインポートしてください',
  'error.migration_account_key':
    'この Bitwarden のエクスポートはアカウントキーで暗号化されているため、インポートできません。パスワード付き、または暗号化なしで再度エクスポートしてください',
  'error.file_upload_failed': 'ファイルのアップロードに失敗しました',
  'error.encryption_failed': '暗号化に失敗しました。データベースは保護されていないままです。',
  'error.decryption_failed':
    '復号に失敗しました。データベースは保護されたままです。主な原因は、1 つ以上のアカウントの暗号化データの整合性の問題です。',
  'error.password_sign_in_off':
    'このサーバーではパスワードによるサインインが無効になっています。ID プロバイダーでサインインしてください。',
  'error.oidc_unavailable': '現在 ID プロバイダーに接続できません。しばらくしてからもう一度お試しください。',
  'error.identity_confirmation_required':
    'これを表示するには本人確認を行ってください（パスワードまたはセキュリティデバイス）。',
  'error.token_scope_required': 'このトークンではこの操作はできません。「:scope」以上のスコープが必要です。',
  'error.token_required':
    '自身を終了できるのは個人アクセストークンだけです。トークンの取り消しは設定から行ってください。',
  'error.session_required':
    'この操作はサインイン中のセッションからのみ可能です。個人アクセストークンでは行えません。',
  'error.device_authorization_pending':
    'ペアリングはまだ承認されていません。数秒後にもう一度確認してください。',
  'error.device_slow_down': '速すぎます。2 つのリクエストの間は間隔を空けてください。',
  'error.device_access_denied': 'ペアリングは拒否されました。',
  'error.device_expired_token':
    'このペアリングコードは不明、期限切れ、または使用済みです。最初からやり直してください。',
  'validation.website':
    ':attribute フィールドは github.com のようなウェブサイトのドメインである必要があります。',
  'error.wrong_password': 'パスワードが違います',
  'error.wrong_current_password': '現在のパスワードが違います。何も変更されていません',
  'error.user_deletion_failed': 'ユーザーアカウントの削除に失敗しました。データは削除されていません',
  'error.email_sending_failed': 'メールの送信に失敗しました',
  'error.no_registered_user': '登録済みのユーザーがいません',
  'error.cannot_register_more': '複数のユーザーは登録できません。',
  'error.wait_before_retrying': '少し待ってから再試行してください。',
  'error.reset_user_not_found': 'このメールアドレスのユーザーは見つかりません。',
  'error.reset_token_invalid': 'このパスワードリセットトークンは無効です。',
  'error.invalid_recovery_token': '復旧トークンが無効です',
  'error.otp_without_secret': 'シークレットなしで OTP を作成することはできません',
  'error.device_not_verified': 'セキュリティデバイスを検証できませんでした。',
  'error.webauthn_needs_device': 'これらのオプションを有効にするには、デバイスを 1 台以上登録してください',
  'error.group_reserved_name': '予約済みの名前です。別の名前を選んでください',
  'error.group_name_characters': '文字、数字、ハイフン、アンダースコア、スペース、一重引用符のみ使用できます',
  'error.only_custom_setting_deletable': 'ユーザーが作成した設定のみ削除できます',
  'error.uri_alone':
    "uri パラメーターは単独で、または 'custom_otp' パラメーターとの組み合わせでのみ指定してください",
  // Success messages that are localised
  'success.password_changed': 'パスワードを変更しました',
  'success.reset_link_sent': 'パスワードリセット用のリンクをメールで送信しました！',
  'success.password_reset': 'パスワードをリセットしました！',
  'success.recovery_email_sent': 'アカウント復旧用のメールを送信しました！',
  'success.device_registered': 'デバイスを登録しました',
  // Other texts
  'error.backup_password_missing':
    'バックアップのパスワードが設定されていません。先に「設定 → バックアップ」で設定してください。',
  'error.backup_password_wrong': '現在のバックアップのパスワードが違います。',
  'breakglass.title': 'Twofold：緊急用コピー',
  'breakglass.made': '作成日時 :date',
  'breakglass.read_only':
    'アカウントの読み取り専用コピーです。ここでの操作で変更されることはありません。オフラインで動作し、どこにも接続しません。',
  'breakglass.password': 'バックアップのパスワード',
  'breakglass.open': '開く',
  'breakglass.wrong': 'このパスワードではこのファイルを開けません。',
  'breakglass.search': '検索',
  'breakglass.counter': 'カウンター :counter',
  'breakglass.reveal': 'メモとリカバリーコードを表示',
  'breakglass.note': 'メモ',
  'breakglass.recovery_codes': 'リカバリーコード',
  'breakglass.used': '使用済み',
  'breakglass.none': '一致するアカウントはありません。',
  'group.all': 'すべて',
  'account.invalid_account': '- 無効なアカウント -',
  'account.invalid_service': '- 無効なサービス -',
  // E-mails
  'mail.greeting': ':name 様',
  'mail.password_reset.subject': ':app：パスワードの再設定',
  'mail.password_reset.intro':
    'パスワードの再設定が要求されました。60 分以内にこのリンクを開いて、新しいパスワードを設定してください：',
  'mail.password_reset.action': 'パスワードを再設定',
  'mail.password_reset.ignore':
    '心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  'mail.webauthn_recovery.subject': ':app：新しいセキュリティデバイスの登録',
  'mail.webauthn_recovery.intro':
    'セキュリティデバイスを紛失されました。60 分以内にこのリンクを開いて、新しいデバイスを登録してください：',
  'mail.webauthn_recovery.action': '新しいセキュリティデバイスを登録',
  'mail.webauthn_recovery.ignore': '心当たりがない場合は、このメールを無視してください。',
  // Alerts
  'validation.url': ':attribute には有効な URL を指定してください。',
  'alert.new_device.title': 'Twofold への新しいサインイン',
  'alert.new_device.body':
    '新しいデバイスからサインインしました: :platform の :browser、IP アドレス :ip。心当たりがない場合はパスワードを変更してください。',
  'alert.failed_sign_in.title': 'Twofold へのサインイン失敗',
  'alert.failed_sign_in.body':
    'IP アドレス :ip からのサインインが失敗しました。今後 15 分間の他の失敗は通知されません。',
  'alert.token_created.title': '新しい個人アクセストークン',
  'alert.token_created.body': '「:name」という名前の個人アクセストークンが作成されました。',
  'alert.security_device_added.title': '新しいセキュリティデバイス',
  'alert.security_device_added.body': 'アカウントに新しいセキュリティデバイスが登録されました。',
  'alert.export.title': 'アカウントがエクスポートされました',
  'alert.export.body': 'アカウントがシークレットとともにエクスポートされました (形式: :format)。',
  'alert.backup_failed.title': 'スケジュールされたバックアップの失敗',
  'alert.backup_failed.body':
    'スケジュールされたバックアップを書き込めませんでした。バックアップ設定を確認してください。',
  'error.disk_full':
    'サーバーのデータディスク (DATA_DIR) に十分な空き容量がありません。何も保存されていません。空き容量を確保してから再試行してください。',
  'alert.clock_skew.title': 'サーバーの時計がずれています',
  'alert.clock_skew.body':
    'サーバーの時計は、利用しているデバイスと :offset ずれています (+ 進み、− 遅れ)。時刻が修正されるまで (NTP)、サーバーが計算するコードは正しくありません。',
  'alert.clock_skew.gone.title': 'サーバーの時計が正しくなりました',
  'alert.clock_skew.gone.body': 'サーバーの時計が再びデバイスと一致しています。',
  'alert.disk_full.title': 'サーバーのディスクがいっぱいです',
  'alert.disk_full.body':
    'サーバーのデータディスク (DATA_DIR) がいっぱいです。空き容量ができるまで新しいデータは拒否されます。保存済みのデータは失われていません。',
  'alert.test.title': 'Twofold テスト通知',
  'alert.test.body': 'このチャネルは動作しています: Twofold はここに通知を送信できます。',
  'alert.alerts_changed.title': '通知設定が変更されました',
  'alert.alerts_changed.body':
    '通知設定が変更されました (:changes)。心当たりがない場合は、個人アクセストークンを取り消し、設定の通知を確認してください。',
  'error.alert_url_password':
    'URL のパスワードをもう一度入力してください: 保存済みのパスワードは以前のアドレス用です。',
};

/** Japanese names of the `:attribute` values, keyed by the English attribute. */
export const jaAttributes: Readonly<Record<string, string>> = {
  account: 'アカウント',
  algorithm: 'アルゴリズム',
  counter: 'カウンター',
  credential: '認証情報',
  'current password': '現在のパスワード',
  'custom otp': 'カスタム OTP',
  digits: '桁数',
  email: 'メールアドレス',
  file: 'ファイル',
  format: '形式',
  'group id': 'グループ',
  icon: 'アイコン',
  'icon pack': 'アイコンパック',
  key: 'キー',
  label: 'ラベル',
  name: '名前',
  'otp type': 'OTP の種類',
  password: 'パスワード',
  'password confirmation': 'パスワード（確認）',
  payload: 'データ',
  period: '有効期間',
  qrcode: 'QR コード',
  secret: 'シークレット',
  service: 'サービス',
  token: 'トークン',
  value: '値',
  variant: 'バリエーション',
};
