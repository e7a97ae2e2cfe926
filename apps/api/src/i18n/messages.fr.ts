import type { MessageKey } from './messages.en.js';

/**
 * French server messages, phrased like Laravel's official French lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const fr: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Le champ :attribute est obligatoire.',
  'validation.present': 'Le champ :attribute doit être présent.',
  'validation.required_without': "Le champ :attribute est obligatoire quand :values n'est pas présent.",
  'validation.string': 'Le champ :attribute doit être une chaîne de caractères.',
  'validation.integer': 'Le champ :attribute doit être un entier.',
  'validation.numeric': 'Le champ :attribute doit être un nombre.',
  'validation.boolean': 'Le champ :attribute doit être vrai ou faux.',
  'validation.array': 'Le champ :attribute doit être un tableau.',
  'validation.email': 'Le champ :attribute doit être une adresse e-mail valide.',
  'validation.date': 'Le champ :attribute doit être une date valide.',
  'validation.alpha': 'Le champ :attribute doit contenir uniquement des lettres.',
  'validation.in': 'Le champ :attribute sélectionné est invalide.',
  'validation.unique': 'La valeur du champ :attribute est déjà utilisée.',
  'validation.regex': "Le format du champ :attribute n'est pas valide.",
  'validation.confirmed': 'La confirmation du champ :attribute ne correspond pas.',
  'validation.between': 'Le champ :attribute doit être compris entre :min et :max.',
  'validation.min.numeric': 'Le champ :attribute doit être supérieur ou égal à :min.',
  'validation.min.string': 'Le champ :attribute doit contenir au moins :min caractères.',
  'validation.max.numeric': 'Le champ :attribute ne doit pas être supérieur à :max.',
  'validation.max.string': 'Le champ :attribute ne doit pas contenir plus de :max caractères.',
  'validation.max.file': 'Le fichier du champ :attribute ne doit pas peser plus de :max kilo-octets.',
  'validation.distinct': 'Le champ :attribute a une valeur en double.',
  'validation.scalar': 'Le champ :attribute doit être une chaîne de caractères, un nombre ou un booléen.',
  'validation.file': 'Le champ :attribute doit être un fichier.',
  'validation.image': 'Le champ :attribute doit être une image.',
  'validation.no_colon': 'Le champ :attribute ne doit pas contenir le caractère deux-points.',
  'validation.otpauth_uri': "Le champ :attribute n'est pas une URI otpauth valide.",
  'validation.base32': 'Le champ :attribute doit être une chaîne encodée en base32.',
  'validation.otp_type': "Le champ :attribute n'est pas pris en charge.",
  'validation.uri_label': "L'URI doit avoir un libellé.",
  'validation.ids': 'Les identifiants doivent être séparés par des virgules, sans virgule finale.',
  'validation.image_format': 'Les formats acceptés sont jpeg, png, bmp, gif, svg ou webp.',
  'validation.email_not_found': 'Aucun compte ne correspond à cette adresse e-mail.',
  'validation.first_user': 'Un utilisateur est déjà enregistré',
  'validation.icon_pack': "Le pack d'icônes est introuvable sur le serveur.",
  'validation.idempotency_key_reused': 'La clé :attribute a déjà servi pour une autre requête.',
  'validation.and_more_error': '(et :count erreur en plus)',
  'validation.and_more_errors': '(et :count erreurs en plus)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts':
    'Trop de tentatives de connexion. Veuillez réessayer dans :seconds secondes.',
  'error.demo_disabled': 'Fonctionnalité désactivée en mode démo',
  'error.untrusted_proxy': "La requête ne provient pas d'un proxy de confiance",
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Contenu trop volumineux',
  'error.unsupported_media_type': 'Type de média non pris en charge',
  'error.service_unavailable': 'Service indisponible',
  'error.method_not_allowed':
    "La méthode :method n'est pas prise en charge pour la route :route. Méthodes prises en charge : :methods.",
  'error.malformed_json': 'Corps JSON mal formé',
  'error.malformed_multipart': 'Corps multipart mal formé',
  'error.too_many_ids': "Trop d'identifiants dans le paramètre de requête, 100 au maximum",
  'error.cannot_decipher':
    'Le secret ne peut pas être déchiffré. Cela est généralement dû à une mauvaise clé de chiffrement ou à des données corrompues dans la base de données.',
  'error.invalid_base32_secret': "le secret n'est pas encodé en base32 valide",
  'error.invalid_otp_parameters': 'paramètres OTP invalides',
  'error.unsupported_otp_type': "Type d'OTP non pris en charge",
  'error.unable_to_decrypt_uri': "Impossible de déchiffrer l'URI",
  'error.qr_not_found': "Aucun QR code détecté dans l'image, essayez de recadrer l'image",
  'error.qr_unreadable': 'Aucun QR code lisible',
  'error.migration_unreadable': 'Données :app invalides ou illisibles',
  'error.migration_no_format': 'Les données ne correspondent à aucun format pris en charge',
  'error.migration_encrypted': 'Illisible, les données semblent chiffrées',
  'error.migration_wrong_password':
    'Mot de passe incorrect, les données :app ne peuvent pas être déchiffrées',
  'error.migration_unsupported_encryption': 'Paramètres de chiffrement :app non pris en charge',
  'error.migration_unsupported_cipher':
    'Paramètres de chiffrement :app non pris en charge : l’algorithme :cipher ne peut pas être lu',
  'error.migration_use_export':
    'Ceci semble être la base de données chiffrée de :app, qui ne peut pas être lue ; exportez vos comptes depuis :app dans un fichier et importez plutôt ce fichier',
  'error.migration_account_key':
    'Cet export Bitwarden est chiffré avec la clé de votre compte et ne peut pas être importé ; exportez-le à nouveau avec un mot de passe ou sans chiffrement',
  'error.file_upload_failed': "L'envoi du fichier a échoué",
  'error.encryption_failed': "Le chiffrement a échoué, votre base de données n'est toujours pas protégée.",
  'error.decryption_failed':
    "Le déchiffrement a échoué, votre base de données est toujours protégée. Cela est généralement dû à un problème d'intégrité des données chiffrées d'un ou plusieurs comptes.",
  'error.password_sign_in_off':
    "La connexion par mot de passe est désactivée sur ce serveur : connectez-vous avec votre fournisseur d'identité.",
  'error.oidc_unavailable': "Le fournisseur d'identité est injoignable pour le moment. Réessayez plus tard.",
  'error.identity_confirmation_required':
    'Confirmez votre identité pour voir ceci (mot de passe ou clé de sécurité).',
  'error.token_scope_required':
    'Votre jeton ne peut pas faire cela : il lui faut la portée « :scope » ou une portée plus large.',
  'error.token_required':
    "Seul un jeton d'accès personnel peut se révoquer lui-même ; révoquez les jetons dans les Paramètres.",
  'error.session_required': "Seule une session connectée peut faire cela, pas un jeton d'accès personnel.",
  'error.device_authorization_pending':
    "L'association n'est pas encore approuvée : réessayez dans quelques secondes.",
  'error.device_slow_down': "Trop rapide : attendez l'intervalle entre deux requêtes.",
  'error.device_access_denied': "L'association a été refusée.",
  'error.device_expired_token': "Ce code d'association est inconnu, expiré ou déjà utilisé : recommencez.",
  'validation.website': "Le champ :attribute doit être le domaine d'un site, comme github.com.",
  'error.wrong_password': 'Mot de passe incorrect',
  'error.wrong_current_password': "Mot de passe actuel incorrect, rien n'a été modifié",
  'error.user_deletion_failed':
    "La suppression du compte utilisateur a échoué, aucune donnée n'a été supprimée",
  'error.email_sending_failed': "L'envoi de l'e-mail a échoué",
  'error.no_registered_user': 'aucun utilisateur enregistré',
  'error.cannot_register_more': "Vous ne pouvez pas enregistrer plus d'un utilisateur.",
  'error.wait_before_retrying': 'Veuillez patienter avant de réessayer.',
  'error.reset_user_not_found': 'Aucun utilisateur ne correspond à cette adresse e-mail.',
  'error.reset_token_invalid': "Ce jeton de réinitialisation du mot de passe n'est pas valide.",
  'error.invalid_recovery_token': 'Jeton de récupération invalide',
  'error.otp_without_secret': 'Impossible de générer un OTP sans secret',
  'error.device_not_verified': "L'appareil de sécurité n'a pas pu être vérifié.",
  'error.webauthn_needs_device': 'Enregistrez au moins un appareil pour activer ces options',
  'error.group_reserved_name': 'Nom réservé, veuillez en choisir un autre',
  'error.group_name_characters':
    'Veuillez utiliser uniquement des lettres, des chiffres, des tirets, des tirets bas, des espaces ou des apostrophes',
  'error.only_custom_setting_deletable':
    "Seuls les paramètres créés par l'utilisateur peuvent être supprimés",
  'error.uri_alone': "Le paramètre uri doit être fourni seul ou uniquement avec le paramètre 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Mot de passe modifié avec succès',
  'success.reset_link_sent':
    'Nous vous avons envoyé par e-mail le lien de réinitialisation du mot de passe !',
  'success.password_reset': 'Votre mot de passe a été réinitialisé !',
  'success.recovery_email_sent': 'E-mail de récupération du compte envoyé !',
  'success.device_registered': 'Appareil enregistré avec succès',
  // Other texts
  'error.backup_password_missing':
    "Aucun mot de passe de sauvegarde n'est défini : définissez-en un dans Réglages → Sauvegardes.",
  'error.backup_password_wrong': 'Le mot de passe de sauvegarde actuel est incorrect.',
  'breakglass.title': 'Twofold : copie de secours',
  'breakglass.made': 'Créée le :date.',
  'breakglass.read_only':
    'Copie en lecture seule de vos comptes : rien ici ne les modifie. Elle fonctionne hors ligne et ne se connecte à rien.',
  'breakglass.password': 'Mot de passe des sauvegardes',
  'breakglass.open': 'Ouvrir',
  'breakglass.wrong': 'Ce mot de passe n’ouvre pas ce fichier.',
  'breakglass.search': 'Rechercher',
  'breakglass.counter': 'Compteur :counter',
  'breakglass.reveal': 'Afficher la note et les codes de récupération',
  'breakglass.note': 'Remarque',
  'breakglass.recovery_codes': 'Codes de récupération',
  'breakglass.used': 'utilisé',
  'breakglass.none': 'Aucun compte ne correspond.',
  'group.all': 'Tous',
  'account.invalid_account': '- compte invalide -',
  'account.invalid_service': '- service invalide -',
  // E-mails
  'mail.greeting': 'Bonjour :name,',
  'mail.password_reset.subject': ':app : réinitialisez votre mot de passe',
  'mail.password_reset.intro':
    'Vous avez demandé à réinitialiser votre mot de passe. Ouvrez ce lien dans les 60 minutes pour en choisir un nouveau :',
  'mail.password_reset.action': 'Réinitialiser votre mot de passe',
  'mail.password_reset.ignore':
    "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  'mail.webauthn_recovery.subject': ':app : enregistrez une nouvelle clé de sécurité',
  'mail.webauthn_recovery.intro':
    'Vous avez perdu une clé de sécurité. Ouvrez ce lien dans les 60 minutes pour en enregistrer une nouvelle :',
  'mail.webauthn_recovery.action': 'Enregistrer une nouvelle clé de sécurité',
  'mail.webauthn_recovery.ignore': "Si vous n'avez rien demandé, ignorez ce message.",
  // Alerts
  'validation.url': 'Le champ :attribute doit être une URL valide.',
  'alert.new_device.title': 'Nouvelle connexion à Twofold',
  'alert.new_device.body':
    'Connexion depuis un nouvel appareil : :browser sur :platform, adresse IP :ip. Si ce n’était pas vous, changez votre mot de passe.',
  'alert.failed_sign_in.title': 'Échec de connexion à Twofold',
  'alert.failed_sign_in.body':
    'Une connexion a échoué depuis l’adresse IP :ip. Les autres échecs des 15 prochaines minutes ne sont pas signalés.',
  'alert.token_created.title': 'Nouveau jeton d’accès personnel',
  'alert.token_created.body': 'Un jeton d’accès personnel nommé « :name » a été créé.',
  'alert.security_device_added.title': 'Nouvel appareil de sécurité',
  'alert.security_device_added.body': 'Un nouvel appareil de sécurité a été enregistré sur votre compte.',
  'alert.export.title': 'Comptes exportés',
  'alert.export.body': 'Vos comptes ont été exportés avec leurs secrets (format : :format).',
  'alert.backup_failed.title': 'Échec de la sauvegarde planifiée',
  'alert.backup_failed.body':
    'La sauvegarde planifiée n’a pas pu être écrite. Vérifiez les réglages de sauvegarde.',
  'error.disk_full':
    "Plus assez d'espace sur le disque de données du serveur (DATA_DIR) : rien n'a été enregistré. Libérez de l'espace et réessayez.",
  'alert.clock_skew.title': "L'horloge du serveur est fausse",
  'alert.clock_skew.body':
    "L'horloge du serveur est décalée de :offset par rapport aux appareils qui l'utilisent (+ en avance, − en retard). Les codes calculés par le serveur sont faux tant que son heure n'est pas corrigée (NTP).",
  'alert.clock_skew.gone.title': "L'horloge du serveur est de nouveau juste",
  'alert.clock_skew.gone.body': "L'horloge du serveur concorde de nouveau avec ses appareils.",
  'alert.disk_full.title': 'Disque du serveur plein',
  'alert.disk_full.body':
    "Le disque de données du serveur (DATA_DIR) est plein : les nouvelles données sont refusées jusqu'à ce que de l'espace soit libéré. Rien de ce qui était enregistré n'a été perdu.",
  'alert.test.title': 'Alerte de test Twofold',
  'alert.test.body': 'Ce canal fonctionne : Twofold peut vous envoyer des alertes ici.',
  'alert.alerts_changed.title': 'Paramètres des alertes modifiés',
  'alert.alerts_changed.body':
    'Les paramètres de vos alertes ont été modifiés (:changes). Si ce n’était pas vous, révoquez vos jetons d’accès personnels et vérifiez Paramètres, Alertes.',
  'error.alert_url_password':
    'Saisissez à nouveau le mot de passe de l’URL : celui enregistré appartient à l’adresse précédente.',
};

/** French names of the `:attribute` values (the English attribute as key). */
export const frAttributes: Readonly<Record<string, string>> = {
  account: 'compte',
  algorithm: 'algorithme',
  counter: 'compteur',
  credential: "données d'identification",
  'current password': 'mot de passe actuel',
  'custom otp': 'OTP personnalisé',
  digits: 'nombre de chiffres',
  email: 'adresse e-mail',
  file: 'fichier',
  format: 'format',
  'group id': 'groupe',
  icon: 'icône',
  'icon pack': "pack d'icônes",
  key: 'clé',
  label: 'libellé',
  name: 'nom',
  'otp type': "type d'OTP",
  password: 'mot de passe',
  'password confirmation': 'confirmation du mot de passe',
  payload: 'données',
  period: 'période',
  qrcode: 'QR code',
  secret: 'secret',
  service: 'service',
  token: 'jeton',
  value: 'valeur',
  variant: 'variante',
};
